import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pagePolicy } from "@/lib/security/csp";

/**
 * Every page gets a fresh script nonce: Next.js reads it from the request's policy header and puts
 * it on the scripts it writes; the browser runs no other script (lib/security/csp.ts). Pages
 * therefore render per request (the root layout reads the nonce). API routes, built assets and the
 * interactive-block sandbox carry their own policies (next.config.ts, app/sandbox).
 */
export function proxy(request: NextRequest) {
  // RFC 8058: a mail client POSTs a notification's unsubscribe link (the page /unsubscribe) itself;
  // that POST is the one-click endpoint's (docs/decisions/033). A browser's GET gets the page.
  if (request.method === "POST" && request.nextUrl.pathname === "/unsubscribe") {
    const oneClick = request.nextUrl.clone();
    oneClick.pathname = "/api/account/notifications/unsubscribe";
    return NextResponse.rewrite(oneClick);
  }
  const nonce = newNonce();
  const policy = pagePolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  // Where the browser asked to go, for pages that must send it through sign-in and back.
  headers.set("x-request-path", request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Not for built files: Next's, and the recipient page's script (public/recipient/, decision 049).
      source: "/((?!api/|_next/static|_next/image|recipient/|sandbox/|favicon\\.ico|icon\\.svg|robots\\.txt|manifest\\.webmanifest).*)",
      // A prefetch reuses the page's document, and its nonce.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
