import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { authSecret } from "./secret";
import { dummyPasswordHash, verifyPassword } from "./password";

// Behind a proxy or on another port the origin comes from the request, not a fixed NEXTAUTH_URL.
process.env.AUTH_TRUST_HOST ??= "true";

/**
 * Email and password sign-in. Sessions are signed JWT cookies (the credentials provider supports
 * no other kind); the secret is kept, so sessions survive a restart.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password ?? "";
          if (!email || !password) return null;
          const db = await getDb();
          const user = await db.user.findUnique({ where: { email } });
          const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
          if (!user || !ok) return null;
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }),
    },
  };
}
