import { expect, test } from "@playwright/test";

// The production server's answers carry the browser protections (docs/reliability.md).

test("[HEADERS] pages and APIs answer with a content security policy, a permissions policy and framing rules", async ({ request }) => {
  for (const path of ["/sign-in", "/api/health", "/docs/api"]) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'self'");
    expect(headers["content-security-policy"], path).toContain("base-uri 'self'");
    expect(headers["content-security-policy"], path).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    // Plain http: no HSTS, which would pin the host to https.
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
});

test("[HEADERS] HSTS is sent when a proxy says the request came over https", async ({ request }) => {
  const res = await request.get("/sign-in", { headers: { "x-forwarded-proto": "https" } });
  expect(res.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
});
