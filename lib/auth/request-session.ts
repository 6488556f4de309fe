import type { IncomingMessage, ServerResponse } from "node:http";
import { getServerSession } from "next-auth";
import type { Caller } from "@/lib/api/authenticate";
import { servedOverHttps } from "./cookies";
import { authOptions } from "./options";
import { callerOf, userOf } from "./session-user";

/**
 * The signed-in user as an API caller on a Pages Router page (pages/p/[uuid].tsx), which has its
 * request and response where an App Router page reads next/headers (./session.ts).
 */
export async function requestCaller(req: IncomingMessage, res: ServerResponse): Promise<Caller | null> {
  const options = authOptions(servedOverHttps(requestHeaders(req)));
  return callerOf(userOf(await getServerSession(req as never, res as never, options)));
}

/** A Node request's headers as a fetch Headers. */
export function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}
