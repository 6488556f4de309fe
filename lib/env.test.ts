import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { criticalSettingErrors, env, invalidSettings, SETTINGS, type SettingName } from "./env";
import {
  CONFIGURATION_COMMAND,
  CONFIGURATION_DOC,
  configurationReference,
  documentedVariables,
  readmeWithFirstSettings,
} from "./env-reference";

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

  it("each one says what it does, and docs/configuration.md is what `npm run docs:config` writes from them", () => {
    const undocumented = (Object.keys(SETTINGS) as SettingName[]).filter((name) => SETTINGS[name].doc.trim().length < 10);
    expect(undocumented).toEqual([]);
    const committed = fs.readFileSync(path.join(root, CONFIGURATION_DOC), "utf8");
    expect(committed === configurationReference(), `${CONFIGURATION_DOC} is stale: run \`${CONFIGURATION_COMMAND}\` and commit it.`).toBe(
      true,
    );
    for (const name of Object.keys(SETTINGS)) expect(committed).toContain(`| \`${name}\` |`);
  });

  it("the README's table of the first settings is what `npm run docs:config` writes too", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme === readmeWithFirstSettings(readme), `README.md's settings table is stale: run \`${CONFIGURATION_COMMAND}\`.`).toBe(true);
    expect(readme).toContain(CONFIGURATION_DOC);
  });

  it("so is every variable the scripts, the benchmark and the tests read themselves", () => {
    const files = [
      ...["scripts", "bench", "e2e", "test"].flatMap((dir) => codeFiles(dir)),
      "playwright.config.ts",
      "vitest.config.ts",
      "next.config.ts",
    ];
    const documented = documentedVariables();
    const undocumented = new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const [, dotted, quoted] of text.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[["'`]([^"'`]+)["'`]\])/g)) {
        const name = dotted ?? quoted;
        if (!documented.has(name)) undocumented.add(`${name} (${file})`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect([...undocumented]).toEqual([]);
  });
});

describe("[ENV] critical settings", () => {
  it("a malformed one is named with what it must look like, its password hidden, and is never replaced by its default", () => {
    const source = {
      SMTP_URL: "smpt://bob:hunter2@mail.example.com:587",
      APP_URL: "courses.example.com",
      DATABASE_URL: "mysql://root@db/app",
      STORAGE_URL: "https://bucket.example.com",
      REDIS_URL: "127.0.0.1:6379",
      API_RATE_LIMIT: "lots",
    };
    const errors = criticalSettingErrors(source);
    expect(errors).toEqual([
      'DATABASE_URL="mysql://root@db/app" is not valid: expected postgresql://user:pass@host:5432/db',
      'STORAGE_URL="https://bucket.example.com" is not valid: expected s3://bucket or s3://bucket/prefix',
      expect.stringMatching(/^REDIS_URL="127\.0\.0\.1:6379" is not valid: expected redis:\/\//),
      'SMTP_URL="smpt://bob:***@mail.example.com:587" is not valid: expected smtp://… or smtps://…, e.g. smtp://user:pass@mail.example.com:587',
      expect.stringMatching(/^APP_URL="courses\.example\.com" is not valid: expected the app's public origin, http:\/\/ or https:\/\//),
    ]);
    expect(errors.join("\n")).not.toContain("hunter2");
    // Only the others fall back, with a warning.
    expect(invalidSettings(source)).toEqual(['API_RATE_LIMIT="lots" is not valid: using 600']);
    // Read anyway (the admin command line, a test), it throws with the same message: never "log mail, never send".
    expect(() => env("SMTP_URL", source)).toThrow(errors[3]);
    expect(() => env("DATABASE_URL", source)).toThrow(/^DATABASE_URL=/);
  });

  it("well-formed, unset or empty ones stop nothing", () => {
    expect(criticalSettingErrors({})).toEqual([]);
    const wellFormed = {
      SMTP_URL: " smtps://mail.example.com:465 ",
      APP_URL: "https://courses.example.com",
      DATABASE_URL: "postgres://app@db.internal/coursewright?sslmode=require",
      STORAGE_URL: "s3://course-files/tenant-a",
      REDIS_URL: "rediss://cache.internal:6380/2",
    };
    expect(criticalSettingErrors(wellFormed)).toEqual([]);
    expect(env("SMTP_URL", wellFormed)).toBe("smtps://mail.example.com:465");
    expect(env("DATABASE_URL", { DATABASE_URL: "postgresql:///coursewright?host=/var/run/postgresql" })).toMatch(/^postgresql:/);
    expect(env("REDIS_URL", { REDIS_URL: "/run/redis/redis.sock" })).toBe("/run/redis/redis.sock");
    expect(criticalSettingErrors({ SMTP_URL: "", APP_URL: "   " })).toEqual([]);
    expect(criticalSettingErrors({ SMTP_URL: "smtp://" })).toEqual([expect.stringMatching(/^SMTP_URL="smtp:\/\/" is not valid/)]);
  });
});

/** Every script and test file under `dir`, whatever it is written in. */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "results" ? [] : codeFiles(relative);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [relative] : [];
  });
}
