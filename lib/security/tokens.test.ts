import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { authSecret } from "@/lib/auth/secret";
import { RANDOM_TOKEN_PATTERN } from "./token-format";
import { hashToken, isSignedFor, randomToken, readClaims, signClaims } from "./tokens";

const Claims = z.strictObject({ purpose: z.literal("course-export"), n: z.number() });

describe("[TOKENS] random tokens", () => {
  it("are 32 random bytes in base64url, different each time", () => {
    const tokens = Array.from({ length: 50 }, randomToken);
    for (const token of tokens) {
      expect(token).toMatch(RANDOM_TOKEN_PATTERN);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(50);
  });

  it("are stored as the hex SHA-256 the tables already hold", () => {
    const token = randomBytes(32).toString("base64url");
    expect(hashToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("[TOKENS] signed claims", () => {
  it("read back what was signed, with the purpose first", () => {
    const token = signClaims("course-export", { n: 7 });
    expect(JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8"))).toEqual({ purpose: "course-export", n: 7 });
    expect(readClaims("course-export", token, Claims)).toEqual({ purpose: "course-export", n: 7 });
  });

  it("keep the wire format of the links already out: base64url(JSON) and the HMAC over purpose NUL payload", () => {
    const payload = Buffer.from(JSON.stringify({ purpose: "course-export", n: 3 })).toString("base64url");
    const signature = createHmac("sha256", authSecret()).update(`course-export\u0000${payload}`).digest("base64url");
    expect(signClaims("course-export", { n: 3 })).toBe(`${payload}.${signature}`);
    expect(readClaims("course-export", `${payload}.${signature}`, Claims)).toEqual({ purpose: "course-export", n: 3 });
  });

  it("are bound to their purpose: signed for one, never taken for another, even when the claims name it", () => {
    const unsubscribe = signClaims("notification-unsubscribe", { n: 1 });
    expect(isSignedFor("notification-unsubscribe", unsubscribe)).toBe(true);
    expect(isSignedFor("course-export", unsubscribe)).toBe(false);
    expect(readClaims("course-export", unsubscribe, z.object({}).loose())).toBeNull();
    // Claims that name another purpose than the one they are signed for.
    const forged = signClaims("notification-unsubscribe", { purpose: "course-export", n: 1 });
    expect(readClaims("course-export", forged, Claims)).toBeNull();
    expect(readClaims("notification-unsubscribe", forged, z.object({}).loose())).toBeNull();
  });

  it("refuse an altered payload or signature, another secret, claims of another shape and anything else", () => {
    const token = signClaims("course-export", { n: 1 });
    const [payload, signature] = token.split(".");
    const other = Buffer.from(JSON.stringify({ purpose: "course-export", n: 2 })).toString("base64url");
    const elsewhere = createHmac("sha256", "another app's secret").update(`course-export\u0000${payload}`).digest("base64url");
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    const bad = [`${other}.${signature}`, `${payload}.${flipped}`, `${payload}.${elsewhere}`, `${payload}.${signature}=`];
    for (const t of [...bad, `${payload}.${signature}.x`, payload, "", "a.b"]) expect(readClaims("course-export", t, Claims), t).toBeNull();
    expect(readClaims("course-export", signClaims("course-export", { n: "one" }), Claims)).toBeNull();
  });
});
