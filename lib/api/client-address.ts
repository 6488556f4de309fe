import { env } from "@/lib/env";

/**
 * The client's address. Behind a proxy the operator names (`TRUST_PROXY=1`, or the number of
 * proxies), the entry that proxy appended to X-Forwarded-For; otherwise the address Next.js
 * recorded for the connection (it writes the socket's address there when the client sent none).
 */
export function clientAddress(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const hops = env("TRUST_PROXY");
  if (hops > 0) return entries.at(-hops) ?? entries[0] ?? "unknown";
  return entries.at(-1) ?? "unknown";
}
