import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientAddress } from "@/lib/api/client-address";
import { getDb } from "@/lib/db/client";
import { sessionCookies } from "./cookies";
import { dummyPasswordHash, verifyPassword } from "./password";
import { authSecret } from "./secret";
import { endSessions, SESSION_ENDED, SESSION_IDLE_SECONDS, sessionUser } from "./session-claims";
import { recordSignInFailure, recordSignInSuccess, signInRetryAfter } from "./throttle";

// Behind a proxy or on another port the origin comes from the request, not a fixed NEXTAUTH_URL.
process.env.AUTH_TRUST_HOST ??= "true";

/**
 * Email and password sign-in. Sessions are signed JWT cookies (the credentials provider supports
 * no other kind); the secret is kept, so sessions survive a restart. A cookie carries the user's
 * session version, so signing out ends it everywhere (lib/auth/session-claims.ts). `secure`: the
 * request came over https, so the cookies are `__Host-` ones (lib/auth/cookies.ts).
 */
export function authOptions(secure: boolean): NextAuthOptions {
  return {
    secret: authSecret(),
    useSecureCookies: secure,
    cookies: sessionCookies(secure),
    // maxAge is the idle timeout: the cookie and its expiry are renewed on each session read.
    session: { strategy: "jwt", maxAge: SESSION_IDLE_SECONDS },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password ?? "";
          if (!email || !password) return null;
          const address = clientAddress(new Headers(req.headers as Record<string, string>));
          // The route answers 429 before this; a lockout that began meanwhile still refuses, unchecked.
          if (await signInRetryAfter(email, address)) return null;
          const db = await getDb();
          const user = await db.user.findUnique({ where: { email } });
          const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
          if (!user || !ok) {
            await recordSignInFailure(email, address);
            return null;
          }
          await recordSignInSuccess(email);
          return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
        },
      }),
    ],
    callbacks: {
      jwt: async ({ token, user }) => {
        if (user) {
          return { ...token, sv: (user as { sessionVersion?: number }).sessionVersion ?? 0, signedInAt: Math.floor(Date.now() / 1000) };
        }
        if (!(await sessionUser(await getDb(), token))) throw new Error(SESSION_ENDED);
        return token;
      },
      session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }),
    },
    events: {
      signOut: async ({ token }) => {
        if (token?.sub) await endSessions(await getDb(), token.sub);
      },
    },
    logger: {
      // An ended session is an answer (no session), not an error worth a stack trace.
      error: (code, metadata) => {
        if ((metadata as { message?: string } | undefined)?.message === SESSION_ENDED) return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
    },
  };
}
