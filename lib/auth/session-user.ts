import type { Session } from "next-auth";
import type { Caller } from "@/lib/api/authenticate";

/**
 * The signed-in user a session names, and that user as an API caller: one form for the App
 * Router's pages (./session.ts) and the Pages Router's (./request-session.ts).
 */
export type SessionUser = { id: string; name: string; email: string };

export function userOf(session: Session | null): SessionUser | null {
  const user = session?.user as { id?: string; name?: string | null; email?: string | null } | undefined;
  if (!user?.id) return null;
  return { id: user.id, name: user.name ?? "", email: user.email ?? "" };
}

export const callerOf = (user: SessionUser | null): Caller | null =>
  user && { userId: user.id, name: user.name, email: user.email, via: "session", apiKeyId: null, apiKey: null };
