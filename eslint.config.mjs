// Next's rules (React, hooks, accessibility, Core Web Vitals) with the TypeScript ones; run by `npm test`.
import fs from "node:fs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// What the shared plumbing (lib/api, lib/auth, lib/db, lib/files, lib/jobs, lib/security) stands on.
// Every other lib/ folder is a domain (authoring, proposals, mail, webhooks…) or is built from the
// domains (client, mcp, openapi, seed), which the plumbing never imports; a new folder is one of those
// until named here.
const BELOW_THE_DOMAINS = new Set(["api", "auth", "db", "files", "generated", "jobs", "security"]);
const domains = fs
  .readdirSync(new URL("./lib", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !BELOW_THE_DOMAINS.has(entry.name))
  .map((entry) => `@/lib/${entry.name}/*`);

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "lib/generated/**",
      "lib/client/schema/**",
      ".next*/**",
      "node_modules/**",
      "test-results*/**",
      "playwright-report*/**",
      ".data/**",
      "next-env.d.ts",
      // Built by npm run package:assets (scripts/build-package-assets.mjs).
      "lib/authoring/exchange/package/assets/**",
      // Built before every build (scripts/build-recipient-script.mjs).
      "public/recipient/**",
    ],
  },
  {
    rules: {
      // `_name` marks an argument or binding kept on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      // Images are authors' and sales staff's content from any host (or data URLs); next/image would
      // fetch and re-encode them on the server, which is neither wanted nor configured.
      "@next/next/no-img-element": "off",
    },
  },
  {
    // Imports in one order everywhere, so a diff shows what changed, not where a line moved
    // (packages are not followed: their code is not ours to order). Import cycles are checked by
    // scripts/check-cycles.mjs (npm run lint), over the whole graph at once: import/no-cycle took
    // more than half of this lint's time.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
          pathGroups: [{ pattern: "@/**", group: "internal" }],
          pathGroupsExcludedImportTypes: ["builtin"],
          alphabetize: { order: "asc", caseInsensitive: true },
          "newlines-between": "never",
        },
      ],
    },
  },
  {
    // Layering: the shared plumbing sits below the domains, and lib/ below the UI (STYLE.md).
    files: ["lib/**"],
    ignores: ["lib/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/components/*", "@/app/*"], message: "lib/ sits below the UI: it never imports components or app." }] },
      ],
    },
  },
  {
    files: ["lib/api/**", "lib/auth/**", "lib/db/**", "lib/files/**", "lib/jobs/**", "lib/security/**"],
    // The list of background work is built from the domains; the queue itself is not.
    ignores: ["**/*.test.ts", "lib/jobs/kinds.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/components/*", "@/app/*"], message: "lib/ sits below the UI: it never imports components or app." },
            {
              group: domains,
              message:
                "Shared plumbing (lib/api, lib/auth, lib/db, lib/files, lib/jobs, lib/security) never imports a domain, nor what is built on them.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ["test/**", "e2e/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];

export default config;
