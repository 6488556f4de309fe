/**
 * Certificates of completion (issue 43, docs/decisions/070): a seat holder who completes the course
 * (every published lesson, every quiz passed at its pass mark) is issued one certificate, once, with
 * a stored PDF and an Open Badges 3.0 credential (a VC-JWT whose key is published at
 * /.well-known/jwks.json). /verify says issued for the PDF, its SHA-256 and the credential, not issued
 * for a changed copy or another key's signature, and revoked once an admin revokes it. Rotating the
 * signing key keeps older credentials verifiable until the old key is retired.
 */
import { createHash } from "node:crypto";
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueDueCertificates } from "@/lib/certificates/certificates";
import { retireSigningKey, rotateSigningKey } from "@/lib/certificates/signing-keys";
import { getDb } from "@/lib/db/client";
import { appOrigin } from "@/lib/mail/app-url";
import { completedSeat, enrolmentsClient, learnClient, soldCourse } from "../enrolment-factories";
import { authoringClient, seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { postMultipart } from "../multipart";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The first acceptance and the first certificate make the server's first PDFs: once, outside the tests' clocks.
  await completedSeat(server);
}, 180_000);
afterAll(() => server.close());

const download = async (key: string, path: string) => {
  const res = await fetch(`${server.url}/api/app${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) };
};
const verify = (fields: Record<string, string | { bytes: Uint8Array; filename: string; type: string }>) =>
  postMultipart(`${server.url}/api/public/verify`, undefined, fields);
const jwks = async () => (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("[CERTIFICATES] issued once on completion", () => {
  it("the learner has one certificate, the same PDF every time, a credential that verifies with the published key", async () => {
    const done = await completedSeat(server);
    expect(done.certificates).toHaveLength(1);
    const [certificate] = done.certificates;
    expect(certificate).toMatchObject({
      course: { id: done.course.id, title: "Safety basics" },
      learner: { name: "Lou Learner", email: done.learner.user.email },
      revoked_at: null,
    });
    // Issued once: asking again, or racing, issues nothing more.
    const db = await getDb();
    expect(await Promise.all([issueDueCertificates(db, done.learner.user.id), issueDueCertificates(db, done.learner.user.id)])).toEqual([
      0, 0,
    ]);
    expect(await db.certificate.count({ where: { userId: done.learner.user.id } })).toBe(1);

    const first = await download(done.learner.key, `/certificates/${certificate.id}/pdf`);
    const second = await download(done.learner.key, `/certificates/${certificate.id}/pdf`);
    expect(first.status).toBe(200);
    expect(first.type).toBe("application/pdf");
    expect(Buffer.from(first.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(second.bytes).toEqual(first.bytes);
    expect(sha256(first.bytes)).toBe(certificate.pdf_sha256);

    const credential = await download(done.learner.key, `/certificates/${certificate.id}/credential`);
    expect(credential.type).toBe("application/vc+jwt");
    const jwt = Buffer.from(credential.bytes).toString();
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(await jwks()), { algorithms: ["EdDSA"] });
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", typ: "vc+jwt" });
    expect(payload).toMatchObject({
      iss: appOrigin(),
      sub: `urn:uuid:${done.learner.user.id}`,
      jti: `urn:uuid:${certificate.id}`,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: { id: appOrigin(), name: done.team.name },
      credentialSubject: { name: "Lou Learner", achievement: { type: ["Achievement"], name: "Safety basics" } },
    });
    expect(Date.parse(payload.validFrom as string)).toBeGreaterThan(Date.now() - 600_000);

    // The manager sees it on the learner's row.
    const rows = (await done.manager.app.get(`/enrolments/${done.enrolment!.id}/learners`)).body.data;
    expect(rows[0]).toMatchObject({ status: "completed", certificate: { id: certificate.id, revoked_at: null } });
  });

  it("the learner and the workspace's admins and authors fetch it; anyone else, the manager included, gets 404; only admins revoke", async () => {
    const done = await completedSeat(server);
    const [{ id }] = done.certificates;
    expect((await download(done.admin.key, `/certificates/${id}/pdf`)).status).toBe(200);
    expect((await download(done.author.key, `/certificates/${id}/credential`)).status).toBe(200);
    for (const key of [done.manager.key, (await seedUser()).key]) {
      expect((await download(key, `/certificates/${id}/pdf`)).status).toBe(404);
      expect((await download(key, `/certificates/${id}/credential`)).status).toBe(404);
    }
    for (const key of [done.learner.key, done.author.key, done.manager.key]) {
      expect((await enrolmentsClient(server, key).post(`/certificates/${id}/revoke`, { reason: "x" })).status).toBe(404);
    }
    const admin = enrolmentsClient(server, done.admin.key);
    expect((await admin.post(`/certificates/${id}/revoke`, { reason: "  " })).status).toBe(400);
    expect((await admin.post(`/certificates/${id}/revoke`, {})).status).toBe(400);
    expect((await (await getDb()).certificate.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
  });
});

describe("[CERTIFICATES] /verify", () => {
  it("says issued for the PDF, its SHA-256 and the credential; not issued for one byte changed, a changed claim or another key", async () => {
    const done = await completedSeat(server);
    const [{ id, pdf_sha256 }] = done.certificates;
    const pdf = (await download(done.learner.key, `/certificates/${id}/pdf`)).bytes;
    const jwt = Buffer.from((await download(done.learner.key, `/certificates/${id}/credential`)).bytes).toString();
    const expected = {
      issued: true,
      kind: "certificate",
      revoked: false,
      certificate: { id, learner_name: "Lou Learner", course_title: "Safety basics", provider_name: done.team.name },
    };

    const byFile = await verify({ file: { bytes: pdf, filename: "certificate.pdf", type: "application/pdf" } });
    expect(byFile.status, JSON.stringify(byFile.body)).toBe(200);
    expect(byFile.body.data).toMatchObject({ ...expected, matched: "pdf", sha256: pdf_sha256 });
    expect((await verify({ sha256: pdf_sha256.toUpperCase() })).body.data).toMatchObject({ ...expected, matched: "pdf" });
    expect((await verify({ credential: jwt })).body.data).toMatchObject({ ...expected, matched: "credential", sha256: null });

    const changed = Uint8Array.from(pdf);
    changed[Math.floor(changed.length / 2)] ^= 1;
    expect((await verify({ file: { bytes: changed, filename: "certificate.pdf", type: "application/pdf" } })).body.data).toMatchObject({
      issued: false,
      kind: null,
    });
    const [header, body, signature] = jwt.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    claims.credentialSubject.name = "Someone Else";
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    expect((await verify({ credential: tampered })).body.data).toMatchObject({ issued: false, kind: null });
    // The same claims and kid, signed by a key of someone else's.
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const forged = await new SignJWT(JSON.parse(Buffer.from(body, "base64url").toString()))
      .setProtectedHeader(decodeProtectedHeader(jwt) as { alg: string })
      .sign(privateKey);
    expect((await verify({ credential: forged })).body.data).toMatchObject({ issued: false });
    expect((await verify({ credential: "not a token" })).body.data).toMatchObject({ issued: false });
    // Two things at once, or none, is 400.
    expect((await verify({ credential: jwt, sha256: pdf_sha256 })).status).toBe(400);
    expect((await verify({})).status).toBe(400);
  });

  it("a revoked certificate verifies as issued and revoked, with when and why", async () => {
    const done = await completedSeat(server);
    const [{ id, pdf_sha256 }] = done.certificates;
    const revoked = await enrolmentsClient(server, done.admin.key).post(`/certificates/${id}/revoke`, {
      reason: "Completed by someone else",
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data).toMatchObject({ revoked_reason: "Completed by someone else" });
    // Revoked again: the first revocation stays.
    await enrolmentsClient(server, done.admin.key).post(`/certificates/${id}/revoke`, { reason: "Another reason" });
    const checked = (await verify({ sha256: pdf_sha256 })).body.data;
    expect(checked).toMatchObject({ issued: true, revoked: true, certificate: { revoked_reason: "Completed by someone else" } });
    expect(checked.certificate.revoked_at).toBeGreaterThan(0);
    const rows = (await done.manager.app.get(`/enrolments/${done.enrolment!.id}/learners`)).body.data;
    expect(rows[0].certificate.revoked_at).not.toBeNull();
  });

  it("a rotated key keeps older credentials verifiable until it is retired; then they are not issued", async () => {
    const db = await getDb();
    const before = await completedSeat(server);
    const oldJwt = Buffer.from(
      (await download(before.learner.key, `/certificates/${before.certificates[0].id}/credential`)).bytes,
    ).toString();
    const oldKid = decodeProtectedHeader(oldJwt).kid!;
    const newKid = await rotateSigningKey(db);
    const after = await completedSeat(server);
    const newJwt = Buffer.from(
      (await download(after.learner.key, `/certificates/${after.certificates[0].id}/credential`)).bytes,
    ).toString();
    expect(decodeProtectedHeader(newJwt).kid).toBe(newKid);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect((await verify({ credential: oldJwt })).body.data).toMatchObject({ issued: true });

    expect(await retireSigningKey(db, oldKid)).toBe(true);
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(oldKid);
    expect((await verify({ credential: oldJwt })).body.data).toMatchObject({ issued: false });
    expect((await verify({ credential: newJwt })).body.data).toMatchObject({ issued: true });
  });
});

describe("[CERTIFICATES] webhooks", () => {
  it("learner.completed and certificate.issued are delivered once each, with the proposal's uuid", async () => {
    const sold = await soldCourse(server, { seats: 1 });
    const hook = await sold.owner.api.post("/v3/webhooks", {
      company_id: sold.owner.company.id,
      url: "https://93.184.215.14/certificates-hook",
      events: ["learner.completed", "certificate.issued"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const learner = await seedUser({ name: "Wes Webhook" });
    await sold.manager.app.post(`/enrolments/${sold.enrolment!.id}/invitations`, { emails: [learner.user.email] });
    const learn = learnClient(server, learner.key);
    for (const lesson of [sold.first, sold.second]) await learn.post(`/learn/lessons/${lesson.id}/complete`);
    await authoringClient(server, learner.key).post(`/quizzes/${sold.quiz.id}/submit`, sold.answers(2));
    await enrolmentsClient(server, learner.key).get("/certificates");
    const deliveries = await (await getDb()).webhookDelivery.findMany({ where: { endpointId: hook.body.data.id }, orderBy: { id: "asc" } });
    expect(deliveries.map((d) => d.type)).toEqual(["learner.completed", "certificate.issued"]);
    expect(deliveries[0].payload).toMatchObject({
      data: { proposal_uuid: sold.uuid, learner: { email: learner.user.email, name: "Wes Webhook" } },
    });
    expect(deliveries[1].payload).toMatchObject({ data: { proposal_uuid: sold.uuid, certificate: { learner: { name: "Wes Webhook" } } } });
  });
});
