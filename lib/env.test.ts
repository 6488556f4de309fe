import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { env, invalidSettings, SETTINGS, type SettingName } from "./env";

const root = path.resolve(import.meta.dirname, "..");

/** Every source file of the app (not tests, not generated code). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("[ENV] settings", () => {
  it("reads each setting with its shape, and falls back to its default when unset, empty or malformed", () => {
    expect(env("API_RATE_LIMIT", {})).toBe(600);
    expect(env("API_RATE_LIMIT", { API_RATE_LIMIT: " 25 " })).toBe(25);
    expect(env("API_RATE_LIMIT", { API_RATE_LIMIT: "" })).toBe(600);
    expect(env("API_RATE_LIMIT", { API_RATE_LIMIT: "lots" })).toBe(600);
    expect(env("API_RATE_LIMIT", { API_RATE_LIMIT: "0" })).toBe(600);
    expect(env("TREE_BUILDS", { TREE_BUILDS: "0.5" })).toBe(2);
    expect(env("TREE_CACHE_MB", { TREE_CACHE_MB: "0" })).toBe(0);
    expect(env("DATABASE_PREPARED_STATEMENTS", { DATABASE_PREPARED_STATEMENTS: "0" })).toBe(0);
    expect(env("MIGRATE_ON_START", { MIGRATE_ON_START: "false" })).toBe(false);
    expect(env("MIGRATE_ON_START", {})).toBe(true);
    expect(env("ALLOW_PRIVATE_FETCH", { ALLOW_PRIVATE_FETCH: "TRUE" })).toBe(true);
    expect(env("TRUST_PROXY", { TRUST_PROXY: "true" })).toBe(1);
    expect(env("TRUST_PROXY", { TRUST_PROXY: "2" })).toBe(2);
    expect(env("DATABASE_URL", { DATABASE_URL: "  " })).toBeUndefined();
    // A webhook lease shorter than an attempt may take (10 s) would let a second worker send a delivery under way.
    expect(env("WEBHOOK_LEASE_SECONDS", { WEBHOOK_LEASE_SECONDS: "5" })).toBe(60);
    expect(env("WEBHOOK_LEASE_SECONDS", { WEBHOOK_LEASE_SECONDS: "15" })).toBe(15);
    expect(env("WEBHOOK_RETRY_BASE_SECONDS", { WEBHOOK_RETRY_BASE_SECONDS: "0.5" })).toBe(0.5);
  });

  it("names the variables that are set but malformed, with what is used instead", () => {
    const source = { API_RATE_LIMIT: "lots", MIGRATE_ON_START: "maybe", PORT: "x", SIGN_UP_PER_ADDRESS: "5", NOT_A_SETTING: "x" };
    expect(invalidSettings(source)).toEqual([
      'MIGRATE_ON_START="maybe" is not valid: using true',
      'API_RATE_LIMIT="lots" is not valid: using 600',
      'PORT="x" is not valid: using 3000',
    ]);
  });

  it("are every variable the app's code reads: nothing outside lib/env.ts reads process.env but the framework's own", () => {
    const framework = new Set(["NODE_ENV", "NEXT_RUNTIME", "NEXT_PHASE", "AUTH_TRUST_HOST"]);
    const files = [...["app", "pages", "components", "lib"].flatMap(sourceFiles), "proxy.ts", "instrumentation.ts"];
    const strays: string[] = [];
    for (const file of files) {
      if (file === path.join("lib", "env.ts")) continue;
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const match of text.matchAll(/process\.env(?:\.([A-Z_0-9]+)|\[)?/g)) {
        if (!match[1] || !framework.has(match[1])) strays.push(`${file}: ${match[0]}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it("each one is documented in the README's Configuration table", () => {
    const missing = (Object.keys(SETTINGS) as SettingName[]).filter((name) => !configuration().includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it("so is every variable the scripts, the benchmark and the tests read themselves", () => {
    const files = [
      ...["scripts", "bench", "e2e", "test"].flatMap((dir) => codeFiles(dir)),
      "playwright.config.ts",
      "vitest.config.ts",
      "next.config.ts",
    ];
    const undocumented = new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const [, dotted, quoted] of text.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[["'`]([^"'`]+)["'`]\])/g)) {
        const name = dotted ?? quoted;
        if (!configuration().includes(`\`${name}\``)) undocumented.add(`${name} (${file})`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect([...undocumented]).toEqual([]);
  });
});

/** The README's Configuration section: the app's settings, then the variables of the scripts and tests. */
function configuration(): string {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const start = readme.indexOf("## Configuration");
  return readme.slice(start, readme.indexOf("\n## ", start + 5));
}

/** Every script and test file under `dir`, whatever it is written in. */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "results" ? [] : codeFiles(relative);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [relative] : [];
  });
}
