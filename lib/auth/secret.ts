import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, env, isMemoryDataDir } from "@/lib/env";

let cached: string | undefined;

/**
 * The secret that signs browser sessions. Taken from AUTH_SECRET (or NEXTAUTH_SECRET); without
 * one, generated once and kept in the data directory so sessions survive restarts.
 */
export function authSecret(): string {
  if (cached) return cached;
  const fromEnv = env("AUTH_SECRET") ?? env("NEXTAUTH_SECRET");
  if (fromEnv) return (cached = fromEnv);
  if (isMemoryDataDir()) return (cached = randomBytes(32).toString("base64url"));
  const file = path.join(dataDir(), "auth-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
    if (cached) return cached;
  } catch {
    // Not generated yet.
  }
  fs.mkdirSync(dataDir(), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
    console.log(`[auth] No AUTH_SECRET set: generated one and kept it in ${file}`);
    cached = secret;
  } catch {
    // Another process wrote it first: use theirs.
    cached = fs.readFileSync(file, "utf8").trim();
  }
  return cached;
}
