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
  });

  it("names the variables that are set but malformed, with what is used instead", () => {
    expect(invalidSettings({ API_RATE_LIMIT: "lots", MIGRATE_ON_START: "maybe", PORT: "x", SIGN_UP_PER_ADDRESS: "5" })).toEqual([
      'MIGRATE_ON_START="maybe" is not valid: using true',
      'API_RATE_LIMIT="lots" is not valid: using 600',
    ]);
  });

  it("are every variable the app's code reads: nothing outside lib/env.ts reads process.env but the framework's own", () => {
    const framework = new Set(["NODE_ENV", "NEXT_RUNTIME", "NEXT_PHASE", "AUTH_TRUST_HOST"]);
    const files = [...["app", "components", "lib"].flatMap(sourceFiles), "proxy.ts", "instrumentation.ts"];
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
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5));
    const missing = (Object.keys(SETTINGS) as SettingName[]).filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
