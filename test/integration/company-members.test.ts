/**
 * A company's members and invitations (issue 26; docs/decisions/032): owners add, promote, remove
 * and invite; members read the list and may leave; a company always keeps an owner. Answers in
 * the proposals service's shape, where every refusal of a member is 401 and a company the caller
 * is not in is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { addCompanyMember } from "@/lib/proposals/companies/companies";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { expireInvitation, freshEmail, mailsTo, peopleCounts, tokenMailedTo } from "../invitation-helpers";
import { expectProposalsError, proposalsClient, seedCompanyMember, type CompanyMember } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  // Migrating the file's database here, under the hook's longer timeout, rather than in the first test.
  [server] = await Promise.all([startTestServer(), getDb()]);
});
afterAll(() => server.close());

const app = (key?: string) => apiClient(`${server.url}/api`, key);
const membersOf = (companyId: number) => `/v3/companies/${companyId}/members`;
const invitationsOf = (companyId: number) => `/v3/companies/${companyId}/invitations`;

/** An owner's company with a second user added as a plain member. */
async function companyWithMember() {
  const owner = await seedCompanyMember(server);
  const member = await seedUser();
  await addCompanyMember(await getDb(), { companyId: owner.company.id, userId: member.user.id });
  return { owner, member: { ...member, api: proposalsClient(server, member.key) } };
}

async function roleIn(companyId: number, userId: string) {
  const db = await getDb();
  const row = await db.companyMember.findUnique({ where: { companyId_userId: { companyId, userId } } });
  return row && !row.disabled ? row.role : null;
}

async function list(owner: CompanyMember | { api: ReturnType<typeof proposalsClient> }, companyId: number) {
  const res = await owner.api.get(membersOf(companyId));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    members: { user_id: string; name: string; email: string; role: string; joined_at: number }[];
    invitations: { id: string; email: string; role: string; status: string; expires_at: number; delivery: string | null }[];
  };
}

describe("[COMPANY MEMBERS] GET /v3/companies/{companyId}/members", () => {
  it("[COMPANY MEMBERS] lists active members (owners first) with roles and the open invitations, to any member; others find no company", async () => {
    const { owner, member } = await companyWithMember();
    const invited = freshEmail();
    expect((await owner.api.post(invitationsOf(owner.company.id), { emails: [invited], role: "member" })).status).toBe(201);
    const disabled = await seedUser();
    const db = await getDb();
    await addCompanyMember(db, { companyId: owner.company.id, userId: disabled.user.id });
    await db.companyMember.update({
      where: { companyId_userId: { companyId: owner.company.id, userId: disabled.user.id } },
      data: { disabled: true },
    });

    for (const viewer of [owner, member]) {
      const data = await list(viewer, owner.company.id);
      expect(data.members.map((m) => [m.user_id, m.email, m.role])).toEqual([
        [owner.user.id, owner.user.email, "owner"],
        [member.user.id, member.user.email, "member"],
      ]);
      expect(data.members[0].joined_at).toBeGreaterThan(1_700_000_000);
      expect(data.invitations).toEqual([
        {
          id: expect.any(String),
          email: invited,
          role: "member",
          status: "pending",
          expires_at: expect.any(Number),
          invited_by: owner.user.name,
          delivery: "queued",
        },
      ]);
    }
    const outsider = await seedCompanyMember(server);
    expectProposalsError(await outsider.api.get(membersOf(owner.company.id)), 404, "NOT_FOUND");
    expectProposalsError(await proposalsClient(server, disabled.key).get(membersOf(owner.company.id)), 404, "NOT_FOUND");
    expectProposalsError(await owner.api.get(membersOf(2147483000)), 404, "NOT_FOUND");
    expectProposalsError(await proposalsClient(server).get(membersOf(owner.company.id)), 401, "UNAUTHORIZED");
  });
});

describe("[COMPANY MEMBERS] adding, promoting and removing", () => {
  it("[COMPANY MEMBERS] an owner adds an existing user by email with a role; an unknown address or a member's is 400; a member may not add", async () => {
    const { owner, member } = await companyWithMember();
    const newcomer = await seedUser();
    const res = await owner.api.post(membersOf(owner.company.id), { email: newcomer.user.email.toUpperCase(), role: "owner" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ user_id: newcomer.user.id, email: newcomer.user.email, role: "owner" });
    expect(await roleIn(owner.company.id, newcomer.user.id)).toBe("owner");

    const third = await seedUser();
    const before = await peopleCounts();
    const unknown = await owner.api.post(membersOf(owner.company.id), { email: freshEmail(), role: "member" });
    expectProposalsError(unknown, 400, "VALIDATION_ERROR");
    expect(unknown.body.error.issues[0].message).toContain("invite them by email instead");
    const again = await owner.api.post(membersOf(owner.company.id), { email: member.user.email, role: "member" });
    expectProposalsError(again, 400, "VALIDATION_ERROR");
    expect(again.body.error.issues).toEqual([{ path: "email", message: `${member.user.name} (${member.user.email}) is already a member` }]);
    expectProposalsError(await owner.api.post(membersOf(owner.company.id), { email: freshEmail(), role: "boss" }), 400, "VALIDATION_ERROR");
    expectProposalsError(
      await owner.api.post(membersOf(owner.company.id), { email: newcomer.user.email, role: "member", extra: 1 }),
      400,
      "VALIDATION_ERROR",
    );
    const refused = await member.api.post(membersOf(owner.company.id), { email: third.user.email, role: "member" });
    expectProposalsError(refused, 401, "UNAUTHORIZED");
    expect(refused.body.error.message).toBe("Only the company's owners manage its members");
    expect(await peopleCounts()).toEqual(before);
  });

  it("[COMPANY MEMBERS] an owner changes roles; the last owner cannot become a member; a member may not change roles", async () => {
    const { owner, member } = await companyWithMember();
    const path = (userId: string) => `${membersOf(owner.company.id)}/${userId}`;
    const lastOwner = await owner.api.patch(path(owner.user.id), { role: "member" });
    expectProposalsError(lastOwner, 400, "VALIDATION_ERROR");
    expect(lastOwner.body.error.message).toContain("at least one owner");
    expectProposalsError(await member.api.patch(path(member.user.id), { role: "owner" }), 401, "UNAUTHORIZED");
    expect(await roleIn(owner.company.id, member.user.id)).toBe("member");

    const promoted = await owner.api.patch(path(member.user.id), { role: "owner" });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.role).toBe("owner");
    // Now there are two owners: the first may step down, and the second may not follow.
    expect((await owner.api.patch(path(owner.user.id), { role: "member" })).status).toBe(200);
    expectProposalsError(await member.api.patch(path(member.user.id), { role: "member" }), 400, "VALIDATION_ERROR");
    expectProposalsError(await member.api.patch(path("00000000-0000-4000-8000-00000000dead"), { role: "member" }), 404, "NOT_FOUND");
  });

  it("[COMPANY MEMBERS] an owner removes a member; a member may leave but not remove others; the last owner stays", async () => {
    const { owner, member } = await companyWithMember();
    const other = await seedUser();
    await addCompanyMember(await getDb(), { companyId: owner.company.id, userId: other.user.id });
    const path = (userId: string) => `${membersOf(owner.company.id)}/${userId}`;

    expectProposalsError(await member.api.delete(path(other.user.id)), 401, "UNAUTHORIZED");
    expectProposalsError(await member.api.delete(path(owner.user.id)), 401, "UNAUTHORIZED");
    const lastOwner = await owner.api.delete(path(owner.user.id));
    expectProposalsError(lastOwner, 400, "VALIDATION_ERROR");
    expect(lastOwner.body.error.message).toContain("at least one owner");

    const removed = await owner.api.delete(path(other.user.id));
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ user_id: other.user.id, role: "member" });
    expect(await roleIn(owner.company.id, other.user.id)).toBeNull();
    expectProposalsError(await owner.api.delete(path(other.user.id)), 404, "NOT_FOUND");

    const left = await member.api.delete(path(member.user.id));
    expect(left.status).toBe(200);
    expect(await roleIn(owner.company.id, member.user.id)).toBeNull();
    // Gone: the company is not theirs to see any more.
    expectProposalsError(await member.api.get(membersOf(owner.company.id)), 404, "NOT_FOUND");
  });

  it("[COMPANY MEMBERS] two owners removing each other at once leave one owner", async () => {
    const { owner, member } = await companyWithMember();
    const path = (userId: string) => `${membersOf(owner.company.id)}/${userId}`;
    expect((await owner.api.patch(path(member.user.id), { role: "owner" })).status).toBe(200);
    const answers = await Promise.all([owner.api.delete(path(member.user.id)), member.api.delete(path(owner.user.id))]);
    // The loser is refused as the last owner (400), or, once removed, finds no company (404).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect([400, 404]).toContain(answers.find((a) => a.status !== 200)!.status);
    const db = await getDb();
    expect(await db.companyMember.count({ where: { companyId: owner.company.id, role: "owner", disabled: false } })).toBe(1);
  });
});

describe("[COMPANY MEMBERS] invitations", () => {
  it("[COMPANY MEMBERS] an owner invites; an existing user accepts and is in the company with the role; a new person signs up into it", async () => {
    const { owner } = await companyWithMember();
    const existing = await seedUser();
    const newcomer = freshEmail("newcomer");
    const res = await owner.api.post(invitationsOf(owner.company.id), { emails: [existing.user.email, newcomer], role: "owner" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.map((i: { email: string; role: string; status: string }) => [i.email, i.role, i.status])).toEqual([
      [existing.user.email, "owner", "pending"],
      [newcomer, "owner", "pending"],
    ]);
    expect(res.body.data[0].expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 6.99 * 86_400);
    const [mail] = await mailsTo(newcomer);
    expect(mail.kind).toBe("company_invitation");
    expect(mail.subject).toBe(`${owner.user.name} invited you to ${owner.company.name} on Coursewright`);
    expect(mail.textBody).toContain("as an owner");

    const accepted = await app(existing.key).post(`/invitations/${await tokenMailedTo(existing.user.email)}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.target).toEqual({ kind: "company", id: owner.company.id, name: owner.company.name });
    expect(accepted.body.url).toBe(`/proposals?company=${owner.company.id}`);
    expect(await roleIn(owner.company.id, existing.user.id)).toBe("owner");

    const signedUp = await app().post(`/invitations/${await tokenMailedTo(newcomer)}/accept-with-sign-up`, {
      name: "Nina",
      password: "a long and unusual passphrase 42",
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email: newcomer } });
    expect(await roleIn(owner.company.id, user.id)).toBe("owner");
    expect((await list(owner, owner.company.id)).invitations).toEqual([]);
  });

  it("[COMPANY MEMBERS] a disabled member who accepts an invitation is active again with the invited role", async () => {
    const { owner } = await companyWithMember();
    const returning = await seedUser();
    const db = await getDb();
    await addCompanyMember(db, { companyId: owner.company.id, userId: returning.user.id, role: "owner" });
    await db.companyMember.update({
      where: { companyId_userId: { companyId: owner.company.id, userId: returning.user.id } },
      data: { disabled: true },
    });
    expect((await owner.api.post(invitationsOf(owner.company.id), { emails: [returning.user.email], role: "member" })).status).toBe(201);
    expect((await app(returning.key).post(`/invitations/${await tokenMailedTo(returning.user.email)}/accept`)).status).toBe(200);
    expect(await roleIn(owner.company.id, returning.user.id)).toBe("member");
  });

  it("[COMPANY MEMBERS] refuses a malformed address, more than 50, a member's address and an unknown role with 400, writing nothing", async () => {
    const { owner, member } = await companyWithMember();
    const before = await peopleCounts();
    const post = (body: unknown) => owner.api.post(invitationsOf(owner.company.id), body);
    const malformed = await post({ emails: ["ok@example.test", "bob@"], role: "member" });
    expectProposalsError(malformed, 400, "VALIDATION_ERROR");
    expect(malformed.body.error.issues).toEqual([{ path: "emails.1", message: '"bob@" is not an email address' }]);
    expectProposalsError(await post({ emails: Array.from({ length: 51 }, () => freshEmail()), role: "member" }), 400, "VALIDATION_ERROR");
    const taken = await post({ emails: [freshEmail(), member.user.email], role: "member" });
    expectProposalsError(taken, 400, "VALIDATION_ERROR");
    expect(taken.body.error.issues).toEqual([{ path: "emails.1", message: `${member.user.email} is already a member` }]);
    expectProposalsError(await post({ emails: [freshEmail()], role: "admin" }), 400, "VALIDATION_ERROR");
    expectProposalsError(await post({ emails: [freshEmail()], role: "member", note: "hi" }), 400, "VALIDATION_ERROR");
    expect(await peopleCounts()).toEqual(before);
  });

  it("[COMPANY MEMBERS] an owner whose email is not verified may not invite or resend (403 EMAIL_NOT_VERIFIED), writing nothing", async () => {
    const { owner } = await companyWithMember();
    const [invitation] = (await owner.api.post(invitationsOf(owner.company.id), { emails: [freshEmail()], role: "member" })).body.data;
    const db = await getDb();
    await db.user.update({ where: { id: owner.user.id }, data: { emailVerifiedAt: null } });
    const before = await peopleCounts();
    const refused = await owner.api.post(invitationsOf(owner.company.id), { emails: [freshEmail()], role: "member" });
    expectProposalsError(refused, 403, "EMAIL_NOT_VERIFIED");
    expect(refused.body.error.message).toContain("Verify your email address before inviting people");
    expectProposalsError(await owner.api.post(`${invitationsOf(owner.company.id)}/${invitation.id}/resend`), 403, "EMAIL_NOT_VERIFIED");
    expect(await peopleCounts()).toEqual(before);
  });

  it("[COMPANY MEMBERS] an owner resends and revokes; a member may not invite, resend or revoke; another company's owner finds nothing", async () => {
    const { owner, member } = await companyWithMember();
    const invitee = await seedUser();
    const [invitation] = (await owner.api.post(invitationsOf(owner.company.id), { emails: [invitee.user.email], role: "member" })).body
      .data;
    const firstToken = await tokenMailedTo(invitee.user.email);
    await expireInvitation(invitation.id);
    expect((await list(owner, owner.company.id)).invitations[0].status).toBe("expired");

    const paths = {
      resend: `${invitationsOf(owner.company.id)}/${invitation.id}/resend`,
      revoke: `${invitationsOf(owner.company.id)}/${invitation.id}`,
    };
    expectProposalsError(
      await member.api.post(invitationsOf(owner.company.id), { emails: [freshEmail()], role: "member" }),
      401,
      "UNAUTHORIZED",
    );
    expectProposalsError(await member.api.post(paths.resend), 401, "UNAUTHORIZED");
    expectProposalsError(await member.api.delete(paths.revoke), 401, "UNAUTHORIZED");
    const outsider = await seedCompanyMember(server);
    expectProposalsError(await outsider.api.post(paths.resend), 404, "NOT_FOUND");
    expectProposalsError(await outsider.api.delete(paths.revoke), 404, "NOT_FOUND");
    expectProposalsError(await outsider.api.delete(`${invitationsOf(outsider.company.id)}/${invitation.id}`), 404, "NOT_FOUND");

    const resent = await owner.api.post(paths.resend);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ id: invitation.id, status: "pending" });
    const secondToken = await tokenMailedTo(invitee.user.email);
    expect(secondToken).not.toBe(firstToken);
    expect((await app(invitee.key).post(`/invitations/${firstToken}/accept`)).status).toBe(404);

    const revoked = await owner.api.delete(paths.revoke);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe("revoked");
    const late = await app(invitee.key).post(`/invitations/${secondToken}/accept`);
    expect(late.status).toBe(400);
    expect(late.body.details.reason).toBe("revoked");
    expect(await roleIn(owner.company.id, invitee.user.id)).toBeNull();
    expectProposalsError(await owner.api.delete(paths.revoke), 404, "NOT_FOUND");
  });
});
