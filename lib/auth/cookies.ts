import type { NextAuthOptions } from "next-auth";
import { env } from "@/lib/env";

/**
 * The session's cookies. Over https they carry the `__Host-` prefix: the browser then accepts them
 * only with Secure, Path=/ and no Domain, so neither a plain-http page nor a sibling subdomain can
 * plant or overwrite a session. On plain http (development, tests) they keep their plain names,
 * which a browser would refuse with the prefix.
 */

/** The app is reached over https: its configured URL says so, or the proxy in front does. */
export function servedOverHttps(headers: Headers): boolean {
  if (env("NEXTAUTH_URL")?.startsWith("https://")) return true;
  return headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

export const sessionCookieName = (secure: boolean) => (secure ? "__Host-next-auth.session-token" : "next-auth.session-token");

export function sessionCookies(secure: boolean): NextAuthOptions["cookies"] {
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure };
  const name = (base: string) => (secure ? `__Host-${base}` : base);
  return {
    sessionToken: { name: sessionCookieName(secure), options },
    callbackUrl: { name: name("next-auth.callback-url"), options: { ...options, httpOnly: false } },
    csrfToken: { name: name("next-auth.csrf-token"), options },
  };
}
