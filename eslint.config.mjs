// Next's rules (React, hooks, accessibility, Core Web Vitals) with the TypeScript ones; run by `npm test`.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ["lib/generated/**", ".next*/**", "node_modules/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"],
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
    // Tests read loosely typed JSON answers.
    files: ["test/**", "e2e/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];

export default config;
