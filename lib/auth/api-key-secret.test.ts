import { describe, expect, it } from "vitest";
import { digestApiKey, digestsEqual, generateApiKey, looksLikeApiKey } from "./api-key-secret";

describe("[API KEYS] key material", () => {
  it("is cak_ followed by 43 base62 characters (32 random bytes), with a 12-character prefix", () => {
    const { key, keyPrefix, keyHash } = generateApiKey();
    expect(key).toMatch(/^cak_[0-9A-Za-z]{43}$/);
    expect(keyPrefix).toBe(key.slice(0, 12));
    expect(keyHash).toBe(digestApiKey(key));
    expect(keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("never repeats a key", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey().key));
    expect(keys.size).toBe(1000);
  });

  it("recognises only well-formed keys", () => {
    expect(looksLikeApiKey(generateApiKey().key)).toBe(true);
    expect(looksLikeApiKey("cak_")).toBe(false);
    expect(looksLikeApiKey("sk_live_abc")).toBe(false);
    expect(looksLikeApiKey("cak_abc-def")).toBe(false);
  });

  it("compares digests by value", () => {
    const a = digestApiKey("cak_a");
    expect(digestsEqual(a, digestApiKey("cak_a"))).toBe(true);
    expect(digestsEqual(a, digestApiKey("cak_b"))).toBe(false);
    expect(digestsEqual(a, "00")).toBe(false);
  });
});
