import { createHmac, randomBytes } from "node:crypto";

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * The Coursewright-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed by the secret's UTF-8 bytes (docs/decisions/034-webhooks.md).
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
