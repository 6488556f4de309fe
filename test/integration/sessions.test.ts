import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { endSessions, SESSION_LIFETIME_SECONDS } from "@/lib/auth/session-claims";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A session cookie as next-auth's jwt callback writes it at sign-in (the sign-in itself is tested in e2e/people/sessions.api.spec.ts). */
async function sessionCookie(claims: { sub: string; sv: number; signedInAt: number }) {
  return `next-auth.session-token=${await encode({ token: claims, secret: authSecret() })}`;
}

const now = () => Math.floor(Date.now() / 1000);

describe("[AUTH] session cookies end", () => {
  it("when the user signs out: a cookie from before no longer reads or writes", async () => {
    const { user } = await seedUser();
    const cookie = await sessionCookie({ sub: user.id, sv: user.sessionVersion, signedInAt: now() });
    const api = apiClient(server.url);
    expect((await api.get("/api/authoring/api-keys", { cookie })).status).toBe(200);
    await endSessions(await getDb(), user.id);
    const read = await api.get("/api/authoring/api-keys", { cookie });
    expect(read.status).toBe(401);
    expect(read.body.code).toBe("unauthorized");
    expect((await api.post("/api/workspaces", { name: "Late" }, { cookie, origin: server.url })).status).toBe(401);
  });

  it("a week after sign-in, however active the session", async () => {
    const { user } = await seedUser();
    const api = apiClient(server.url);
    const fresh = await sessionCookie({ sub: user.id, sv: 0, signedInAt: now() - SESSION_LIFETIME_SECONDS + 60 });
    expect((await api.get("/api/authoring/api-keys", { cookie: fresh })).status).toBe(200);
    const old = await sessionCookie({ sub: user.id, sv: 0, signedInAt: now() - SESSION_LIFETIME_SECONDS - 60 });
    expect((await api.get("/api/authoring/api-keys", { cookie: old })).status).toBe(401);
  });

  it("when idle past the cookie's expiry", async () => {
    const { user } = await seedUser();
    const token = await encode({ token: { sub: user.id, sv: 0, signedInAt: now() }, secret: authSecret(), maxAge: -120 });
    const res = await apiClient(server.url).get("/api/authoring/api-keys", { cookie: `next-auth.session-token=${token}` });
    expect(res.status).toBe(401);
  });

  it("and a cookie without a session version (signed before versions existed) is no session", async () => {
    const { user } = await seedUser();
    const token = await encode({ token: { sub: user.id }, secret: authSecret() });
    const res = await apiClient(server.url).get("/api/authoring/api-keys", { cookie: `next-auth.session-token=${token}` });
    expect(res.status).toBe(401);
  });
});

describe("[AUTH] a large session token", () => {
  it("split by next-auth into name.0, name.1 cookies reads as one session, in any order", async () => {
    const { user } = await seedUser();
    const token = await encode({ token: { sub: user.id, sv: user.sessionVersion, signedInAt: now() }, secret: authSecret() });
    const half = Math.floor(token.length / 2);
    const api = apiClient(server.url);
    const cookie = `next-auth.session-token.1=${token.slice(half)}; next-auth.session-token.0=${token.slice(0, half)}`;
    expect((await api.get("/api/authoring/api-keys", { cookie })).status).toBe(200);
    const missingPart = `next-auth.session-token.0=${token.slice(0, half)}`;
    expect((await api.get("/api/authoring/api-keys", { cookie: missingPart })).status).toBe(401);
  });
});

describe("[AUTH] over https the session cookie is a __Host- one", () => {
  it("reads the __Host- cookie and refuses a plain-named one, which a plain-http page could have planted", async () => {
    const { user } = await seedUser();
    const token = await encode({ token: { sub: user.id, sv: user.sessionVersion, signedInAt: now() }, secret: authSecret() });
    const api = apiClient(server.url);
    const https = { "x-forwarded-proto": "https" };
    expect((await api.get("/api/authoring/api-keys", { ...https, cookie: `__Host-next-auth.session-token=${token}` })).status).toBe(200);
    expect((await api.get("/api/authoring/api-keys", { ...https, cookie: `next-auth.session-token=${token}` })).status).toBe(401);
    // Over plain http the browser would refuse a __Host- cookie: the plain name is the session there.
    expect((await api.get("/api/authoring/api-keys", { cookie: `next-auth.session-token=${token}` })).status).toBe(200);
  });
});
