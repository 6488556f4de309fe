import { headers } from "next/headers";
import { getServerSession } from "next-auth";
import type { Caller } from "@/lib/api/authenticate";
import { servedOverHttps } from "./cookies";
import { authOptions } from "./options";

export type SessionUser = { id: string; name: string; email: string };

/** The signed-in user on a server-rendered page, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions(servedOverHttps(await headers())));
  const user = session?.user as { id?: string; name?: string | null; email?: string | null } | undefined;
  if (!user?.id) return null;
  return { id: user.id, name: user.name ?? "", email: user.email ?? "" };
}

/** The signed-in user as an API caller, for server components that call domain code directly. */
export async function sessionCaller(): Promise<Caller | null> {
  const user = await currentUser();
  if (!user) return null;
  return { userId: user.id, name: user.name, email: user.email, via: "session", apiKeyId: null, apiKey: null };
}
