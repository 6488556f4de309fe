// /api/auth/*: next-auth's sign-in, sign-out, session and CSRF endpoints
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { errorResponse } from "@/lib/api/admit";
import { readBodyCapped } from "@/lib/api/read-body";
import { appService } from "@/lib/app/service";
import { signInThrottled } from "@/lib/app/throttle-response";
import { servedOverHttps } from "@/lib/auth/cookies";
import { authOptions } from "@/lib/auth/options";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// A sign-in form is a few hundred bytes; next-auth would read any body whole.
const AUTH_BODY_LIMIT = 64 * 1024;

async function handler(req: Request, ctx: Ctx) {
  // next-auth reads req.nextUrl: Next.js passes a NextRequest, other callers (the tests' server) a plain Request.
  return NextAuth(authOptions(servedOverHttps(req.headers)))(req instanceof NextRequest ? req : new NextRequest(req), ctx);
}

async function post(req: Request, ctx: Ctx) {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyCapped(req, AUTH_BODY_LIMIT);
  } catch (error) {
    return errorResponse(appService, error, randomUUID());
  }
  if (new URL(req.url).pathname.endsWith("/callback/credentials")) {
    const throttled = await signInThrottled(req, new URLSearchParams(new TextDecoder().decode(body)));
    if (throttled) return throttled;
  }
  return handler(new NextRequest(req.url, { method: req.method, headers: req.headers, body }), ctx);
}

export { handler as GET, post as POST };
