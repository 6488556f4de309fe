import { createHmac, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { NOTIFICATION_KINDS } from "./kinds";
import { readUnsubscribeToken, unsubscribeLink, unsubscribeToken } from "./unsubscribe-token";

afterEach(() => vi.unstubAllEnvs());

describe("[UNSUBSCRIBE] the signed token of a notification mail's link", () => {
  it("names the user and the kind it was made for, and nothing else", () => {
    const userId = randomUUID();
    for (const kind of NOTIFICATION_KINDS) expect(readUnsubscribeToken(unsubscribeToken(userId, kind))).toEqual({ userId, kind });
  });

  it("refuses a token changed anywhere: another user or kind in the payload, a changed or shortened signature, extra parts", () => {
    const userId = randomUUID();
    const token = unsubscribeToken(userId, "proposal_viewed");
    const [payload, signature] = token.split(".");
    const other = (text: string) => Buffer.from(text).toString("base64url");
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    const altered = [
      `${other(`${randomUUID()}.proposal_viewed`)}.${signature}`,
      `${other(`${userId}.proposal_accepted`)}.${signature}`,
      `${payload}.${flip(signature, 5)}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.${signature}=`,
      `${payload}.${signature}.x`,
      `${flip(payload, 3)}.${signature}`,
      payload,
      "",
      "not a token",
    ];
    for (const bad of altered) expect(readUnsubscribeToken(bad), bad).toBeNull();
  });

  it("is signed with the auth secret: the same token signed with another secret is refused", () => {
    const userId = randomUUID();
    const mine = unsubscribeToken(userId, "proposal_rejected");
    const [payload] = mine.split(".");
    const signedElsewhere = createHmac("sha256", "another app's secret")
      .update(`notification-unsubscribe\u0000${userId}\u0000proposal_rejected`)
      .digest("base64url");
    expect(readUnsubscribeToken(mine)).not.toBeNull();
    expect(readUnsubscribeToken(`${payload}.${signedElsewhere}`)).toBeNull();
  });

  it("the link is /unsubscribe on APP_URL, whatever host a request named", () => {
    vi.stubEnv("APP_URL", "https://courses.example.com");
    const link = new URL(unsubscribeLink(randomUUID(), "proposal_accepted"));
    expect(link.origin).toBe("https://courses.example.com");
    expect(link.pathname).toBe("/unsubscribe");
    expect(readUnsubscribeToken(link.searchParams.get("token")!)).not.toBeNull();
  });
});

describe("[UNSUBSCRIBE] links mailed before the claims were JSON", () => {
  const firstFormat = (userId: string, kind: string, secret = authSecret()) =>
    `${Buffer.from(`${userId}.${kind}`).toString("base64url")}.${createHmac("sha256", secret)
      .update(`notification-unsubscribe\u0000${userId}\u0000${kind}`)
      .digest("base64url")}`;

  it("still name their user and kind: such links never expire", () => {
    const userId = randomUUID();
    for (const kind of NOTIFICATION_KINDS) expect(readUnsubscribeToken(firstFormat(userId, kind))).toEqual({ userId, kind });
  });

  it("are refused when altered or signed elsewhere", () => {
    const userId = randomUUID();
    const [payload, signature] = firstFormat(userId, "proposal_viewed").split(".");
    expect(readUnsubscribeToken(`${Buffer.from(`${userId}.proposal_accepted`).toString("base64url")}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(`${payload}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(readUnsubscribeToken(firstFormat(userId, "proposal_viewed", "another app's secret"))).toBeNull();
  });
});
