import { expect, test } from "@playwright/test";
import { pdfBytes, pngBytes } from "../../lib/files/test-images";
import { signInViaApi, signUpViaApi } from "../support/helpers";

// The production server's answers carry the browser protections (docs/reliability.md).

test("[HEADERS] pages and APIs answer with a content security policy, a permissions policy and framing rules", async ({ request }) => {
  for (const path of ["/sign-in", "/api/health", "/docs/api"]) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'self'");
    expect(headers["content-security-policy"], path).toContain("base-uri 'self'");
    expect(headers["content-security-policy"], path).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(headers["content-security-policy"], path).not.toContain("unsafe-inline' 'unsafe-eval");
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

test("[HEADERS] a page runs only its own scripts: a fresh nonce per answer, on every script it writes", async ({ request }) => {
  const policies: string[] = [];
  for (const path of ["/sign-in", "/sign-in", "/docs/api"]) {
    const res = await request.get(path);
    const policy = res.headers()["content-security-policy"];
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1];
    expect(nonce, `${path}: ${policy}`).toBeTruthy();
    expect(policy, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    policies.push(policy);
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  expect(new Set(policies).size).toBe(policies.length);
  // API answers and served files run no script at all.
  expect((await request.get("/api/health")).headers()["content-security-policy"]).toContain("script-src 'none'");
});

test("[HEADERS] the interactive-block frame is sandboxed by its own policy, even opened on its own", async ({ request }) => {
  const res = await request.get("/sandbox/interactive");
  expect(res.status()).toBe(200);
  const policy = res.headers()["content-security-policy"];
  expect(policy).toMatch(/(^|;\s*)sandbox allow-scripts(;|$)/);
  expect(policy).not.toContain("allow-same-origin");
  expect(policy).toContain("frame-ancestors 'self'");
});

test("[HEADERS] a served file keeps its own strict policy: sandboxed, loading and running nothing", async ({ request }) => {
  await signInViaApi(request, await signUpViaApi(request, "Fay Files"));
  const company = (await (await request.post("/api/proposals/v3/companies", { data: { name: "Files AB" } })).json()).data as { id: number };
  const uploads = [
    { path: "/api/proposals/v1/attachments", file: { name: "offer.pdf", mimeType: "application/pdf", buffer: pdfBytes() } },
    { path: "/api/proposals/v3/images", file: { name: "photo.png", mimeType: "image/png", buffer: pngBytes(4, 3) } },
  ];
  for (const { path, file } of uploads) {
    const uploaded = await request.post(path, { multipart: { file, company_id: String(company.id) } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const body = await uploaded.json();
    const url: string = (body.attachment ?? body.data).url;
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const policy = res.headers()["content-security-policy"];
    const directives = policy.split(";").map((d) => d.trim());
    expect(directives, file.name).toContain("sandbox");
    expect(directives, file.name).toContain("default-src 'none'");
    // Nothing that would let the file run a script, frame a page, submit a form or load from elsewhere.
    expect(policy, file.name).not.toMatch(/script-src|frame-src|child-src|form-action|https:|allow-/);
  }
});
