import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const API_KEY_PREFIX = "cak_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_BYTES = 32;
// 62^43 > 2^256: every 32-byte secret fits in 43 base62 digits.
const SECRET_DIGITS = 43;

function base62(bytes: Buffer): string {
  let n = BigInt("0x" + bytes.toString("hex"));
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(SECRET_DIGITS, "0");
}

export function generateApiKey(): { key: string; keyPrefix: string; keyHash: string } {
  const key = API_KEY_PREFIX + base62(randomBytes(SECRET_BYTES));
  return { key, keyPrefix: key.slice(0, 12), keyHash: digestApiKey(key) };
}

export function digestApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && /^[0-9A-Za-z]+$/.test(token.slice(API_KEY_PREFIX.length));
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
