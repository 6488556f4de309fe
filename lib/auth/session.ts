import { headers } from "next/headers";
import { getServerSession } from "next-auth";
import type { Caller } from "@/lib/api/authenticate";
import { servedOverHttps } from "./cookies";
import { authOptions } from "./options";
import { callerOf, userOf, type SessionUser } from "./session-user";

export type { SessionUser };

/** The signed-in user on a server-rendered page, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  return userOf(await getServerSession(authOptions(servedOverHttps(await headers()))));
}

/** The signed-in user as an API caller, for server components that call domain code directly. */
export async function sessionCaller(): Promise<Caller | null> {
  return callerOf(await currentUser());
}
