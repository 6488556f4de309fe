/**
 * Invitations by email to a team workspace (issue 26): an admin invites addresses with a role, the
 * mails go out through a real SMTP server, and the person who opens the link joins, signing up
 * first when they have no account. The accept endpoints are the app's own (/api/invitations/…);
 * company invitations share them (test/integration/company-members.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { verifyPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db/client";
import { hashInvitationToken } from "@/lib/invitations/token";
import { deliverDueMail } from "@/lib/mail/worker";
import { apiClient } from "../api-client";
import { newUser, seedTeam, seedUser, teamWorkspace, type Member } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { expireInvitation, freshEmail, mailsTo, peopleCounts, tokenMailedTo } from "../invitation-helpers";
import { startSmtpServer, type TestSmtpServer } from "../smtp";

let server: TestServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  // Migrating the file's database here, under the hook's longer timeout, rather than in the first test.
  [server, smtp] = await Promise.all([startTestServer(), startSmtpServer(), getDb()]);
});
afterAll(async () => {
  await Promise.all([server.close(), smtp.close()]);
});
afterEach(() => {
  vi.unstubAllEnvs();
  smtp.refuseWith(null);
});

const app = (key?: string) => apiClient(`${server.url}/api`, key);
const invitationsOf = (workspaceId: string) => `/workspaces/${workspaceId}/invitations`;
const STRONG = "a long and unusual passphrase 42";

async function invite(admin: Member, workspaceId: string, emails: string[], role = "author") {
  const res = await app(admin.key).post(invitationsOf(workspaceId), { emails, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invitations as { id: string; email: string; role: string; status: string; expires_at: string; delivery: string }[];
}

async function membershipOf(workspaceId: string, userId: string) {
  const db = await getDb();
  return db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
}

describe("[INVITATIONS] a team workspace's admin invites by email", () => {
  it("[INVITATIONS] invites a new and an existing person in one request: two invitations, two mails through SMTP saying who, what, which role, the link and 7 days", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    vi.stubEnv("APP_URL", "https://courses.example.com");
    const team = await seedTeam(server, "Writers' room");
    const existing = await seedUser();
    const newcomer = freshEmail("newcomer");
    const invitations = await invite(team.admin, team.workspace.id, [newcomer, existing.user.email.toUpperCase()], "author");
    expect(invitations.map((i) => [i.email, i.role, i.status, i.delivery])).toEqual([
      [newcomer, "author", "pending", "queued"],
      [existing.user.email, "author", "pending", "queued"],
    ]);
    const days = (Date.parse(invitations[0].expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    await deliverDueMail(await getDb());
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(newcomer));
    expect(mail.subject).toBe(`${team.admin.user.name} invited you to Writers' room on Coursewright`);
    expect(mail.replyTo?.value[0].address).toBe(team.admin.user.email);
    const token = await tokenMailedTo(newcomer);
    expect(mail.text).toContain(`https://courses.example.com/invite/${token}`);
    expect(mail.text).toContain("as an author");
    expect(mail.text).toContain("valid for 7 days");
    expect(mail.text).toContain(`You got this mail because ${team.admin.user.name}`);
    expect(mail.html).toContain(`https://courses.example.com/invite/${token}`);
    await smtp.waitFor((m) => m.envelopeTo.includes(existing.user.email));

    // Only the token's hash is stored.
    const db = await getDb();
    const row = await db.invitation.findUniqueOrThrow({ where: { id: invitations[0].id } });
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = await app(team.admin.key).get(invitationsOf(team.workspace.id));
    expect(listed.status).toBe(200);
    expect(listed.body.invitations.map((i: { email: string; delivery: string }) => [i.email, i.delivery]).sort()).toEqual(
      [
        [newcomer, "sent"],
        [existing.user.email, "sent"],
      ].sort(),
    );
  });

  it("[INVITATIONS] a mail the SMTP server refuses shows as failed on the invitation", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    const team = await seedTeam(server);
    const email = freshEmail("bounce");
    // Earlier tests' mails go first (they run first for this reason: few wait).
    await deliverDueMail(await getDb());
    const [invitation] = await invite(team.admin, team.workspace.id, [email]);
    smtp.refuseWith({ code: 550, message: "No such mailbox" });
    await deliverDueMail(await getDb());
    const listed = await app(team.admin.key).get(invitationsOf(team.workspace.id));
    expect(listed.body.invitations.find((i: { id: string }) => i.id === invitation.id).delivery).toBe("failed");
  });

  it("[INVITATIONS] a person without an account signs up from the link: verified, a member with the role, the invitation used", async () => {
    const team = await seedTeam(server);
    const email = freshEmail("new");
    const [invitation] = await invite(team.admin, team.workspace.id, [email], "learner");
    const token = await tokenMailedTo(email);

    const res = await app().post(`/invitations/${token}/accept-with-sign-up`, { name: "  Nora New ", password: STRONG });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      invitation_id: invitation.id,
      email,
      role: "learner",
      target: { kind: "workspace", id: team.workspace.id, name: team.workspace.name },
      // A learner lands in Learn, on the workspace's courses.
      url: `/learn?workspace=${team.workspace.id}`,
    });
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.name).toBe("Nora New");
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(user.passwordHash, STRONG)).toBe(true);
    expect((await membershipOf(team.workspace.id, user.id))?.role).toBe("learner");
    const row = await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.acceptedById).toBe(user.id);
    expect(row.acceptedAt).not.toBeNull();

    // The link is used: signing up again or accepting again says so.
    const again = await app().post(`/invitations/${token}/accept-with-sign-up`, { name: "Nora", password: STRONG });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "conflict", details: { reason: "accepted" } });
    const key = (await createApiKey(db, { userId: user.id, name: "k" })).key;
    const accepted = await app(key).post(`/invitations/${token}/accept`);
    expect(accepted.status).toBe(400);
    expect(accepted.body).toMatchObject({ code: "conflict", details: { reason: "accepted" } });
    expect((await app(team.admin.key).get(invitationsOf(team.workspace.id))).body.invitations).toEqual([]);
  });

  it("[INVITATIONS] signing up from a link refuses a weak password, the address as password and an address that has an account, writing nothing", async () => {
    const team = await seedTeam(server);
    const email = freshEmail("weak");
    await invite(team.admin, team.workspace.id, [email]);
    const token = await tokenMailedTo(email);
    const before = await peopleCounts();
    const weak = await app().post(`/invitations/${token}/accept-with-sign-up`, { name: "W", password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.details.issues.map((i: { path: string }) => i.path)).toEqual(["password"]);
    const asEmail = await app().post(`/invitations/${token}/accept-with-sign-up`, { name: "W", password: email });
    expect(asEmail.status).toBe(400);
    expect(asEmail.body.details.issues.map((i: { path: string }) => i.path)).toEqual(["password"]);
    expect(await peopleCounts()).toEqual(before);

    const existing = await seedUser();
    await invite(team.admin, team.workspace.id, [existing.user.email]);
    const theirs = await tokenMailedTo(existing.user.email);
    const counts = await peopleCounts();
    const taken = await app().post(`/invitations/${theirs}/accept-with-sign-up`, { name: "Someone", password: STRONG });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: "conflict", details: { reason: "account_exists" } });
    expect(taken.body.error).toContain(existing.user.email);
    expect(await peopleCounts()).toEqual(counts);
  });

  it("[INVITATIONS] an existing user accepts while signed in as the invited address; another account is refused naming both addresses", async () => {
    const team = await seedTeam(server);
    const invitee = await seedUser({ email: freshEmail("Invitee").toLowerCase() });
    const other = await seedUser();
    await invite(team.admin, team.workspace.id, [invitee.user.email], "admin");
    const token = await tokenMailedTo(invitee.user.email);

    const wrong = await app(other.key).post(`/invitations/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("forbidden");
    expect(wrong.body.error).toContain(`This invitation is for ${invitee.user.email}; you are signed in as ${other.user.email}`);
    expect(await membershipOf(team.workspace.id, other.user.id)).toBeNull();

    const db = await getDb();
    await db.user.update({ where: { id: invitee.user.id }, data: { emailVerifiedAt: null } });
    const res = await app(invitee.key).post(`/invitations/${token}/accept`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.target).toEqual({ kind: "workspace", id: team.workspace.id, name: team.workspace.name });
    expect(res.body.url).toBe(`/?workspace=${team.workspace.id}`);
    expect((await membershipOf(team.workspace.id, invitee.user.id))?.role).toBe("admin");
    // The link reached the address: it counts as verified.
    expect((await db.user.findUniqueOrThrow({ where: { id: invitee.user.id } })).emailVerifiedAt).not.toBeNull();
    const history = await db.auditEvent.findFirst({ where: { operation: "accept_invitation", actorUserId: invitee.user.id } });
    expect(history?.targetId).not.toBe(token);
  });

  it("[INVITATIONS] accepting leads a learner to Learn on the workspace's courses, an author to the workspace's home, by the role they have once joined", async () => {
    const team = await seedTeam(server);
    const accept = async (role: string, before?: (invitee: { user: { email: string } }) => Promise<void>) => {
      const invitee = await seedUser();
      await invite(team.admin, team.workspace.id, [invitee.user.email], role);
      const token = await tokenMailedTo(invitee.user.email);
      await before?.(invitee);
      const res = await app(invitee.key).post(`/invitations/${token}/accept`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.url;
    };
    expect(await accept("learner")).toBe(`/learn?workspace=${team.workspace.id}`);
    expect(await accept("author")).toBe(`/?workspace=${team.workspace.id}`);
    // Invited as a learner, but made an author meanwhile: the role they have decides.
    const madeAuthor = async (invitee: { user: { email: string } }) => {
      const added = await app(team.admin.key).post(`/workspaces/${team.workspace.id}/members`, {
        email: invitee.user.email,
        role: "author",
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    };
    expect(await accept("learner", madeAuthor)).toBe(`/?workspace=${team.workspace.id}`);
  });

  it("[INVITATIONS] two accepts of one link at once: one joins, the other is told it was accepted; one membership", async () => {
    const team = await seedTeam(server);
    const invitee = await seedUser();
    await invite(team.admin, team.workspace.id, [invitee.user.email]);
    const token = await tokenMailedTo(invitee.user.email);
    const answers = await Promise.all([1, 2, 3].map(() => app(invitee.key).post(`/invitations/${token}/accept`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.details.reason).toBe("accepted");
    const db = await getDb();
    expect(await db.membership.count({ where: { workspaceId: team.workspace.id, userId: invitee.user.id } })).toBe(1);

    // Signing up twice at once from one link: one account.
    const email = freshEmail("twice");
    await invite(team.admin, team.workspace.id, [email]);
    const fresh = await tokenMailedTo(email);
    const signUps = await Promise.all(
      [1, 2].map(() => app().post(`/invitations/${fresh}/accept-with-sign-up`, { name: "T", password: STRONG })),
    );
    expect(signUps.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("[INVITATIONS] inviting an address again re-sends the pending invitation (new link, new expiry, new role) instead of a second one", async () => {
    const team = await seedTeam(server);
    const email = freshEmail("again");
    const [first] = await invite(team.admin, team.workspace.id, [email], "learner");
    const oldToken = await tokenMailedTo(email);
    await expireInvitation(first.id);
    const [second] = await invite(team.admin, team.workspace.id, [email, email.toUpperCase()], "author");
    expect(second.id).toBe(first.id);
    expect(second.role).toBe("author");
    expect(second.status).toBe("pending");
    const newToken = await tokenMailedTo(email);
    expect(newToken).not.toBe(oldToken);
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await app(team.admin.key).get(invitationsOf(team.workspace.id))).body.invitations).toHaveLength(1);
    const old = await app().post(`/invitations/${oldToken}/accept-with-sign-up`, { name: "A", password: STRONG });
    expect(old.status).toBe(404);
  });

  it("[INVITATIONS] refuses a malformed address, more than 50, no address, an unknown role and a member's address, naming them and writing nothing", async () => {
    const team = await seedTeam(server);
    const before = await peopleCounts();
    const post = (body: unknown) => app(team.admin.key).post(invitationsOf(team.workspace.id), body);

    const malformed = await post({ emails: [freshEmail(), "bob@", "not an address"], role: "author" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("validation_error");
    expect(malformed.body.details.issues).toEqual([
      { path: "emails.1", message: '"bob@" is not an email address' },
      { path: "emails.2", message: '"not an address" is not an email address' },
    ]);
    const tooMany = await post({ emails: Array.from({ length: 51 }, () => freshEmail()), role: "author" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details.issues).toEqual([{ path: "emails", message: "At most 50 addresses at a time" }]);
    expect((await post({ emails: [], role: "author" })).status).toBe(400);
    const role = await post({ emails: [freshEmail()], role: "owner" });
    expect(role.status).toBe(400);
    expect(role.body.details.issues.map((i: { path: string }) => i.path)).toEqual(["role"]);

    const member = await post({ emails: [freshEmail(), team.learner.user.email.toUpperCase(), team.author.user.email], role: "author" });
    expect(member.status).toBe(400);
    expect(member.body.details.issues).toEqual([
      { path: "emails.1", message: `${team.learner.user.email} is already a member` },
      { path: "emails.2", message: `${team.author.user.email} is already a member` },
    ]);
    expect(member.body.error).toContain("Nobody was invited");
    expect(await peopleCounts()).toEqual(before);

    // Fifty is the limit, not one less.
    expect((await post({ emails: Array.from({ length: 50 }, () => freshEmail("fifty")), role: "learner" })).status).toBe(201);
  });

  it("[INVITATIONS] resend: a new link valid 7 more days in a new mail; the old link stops working", async () => {
    const team = await seedTeam(server);
    const invitee = await seedUser();
    const [invitation] = await invite(team.admin, team.workspace.id, [invitee.user.email]);
    const oldToken = await tokenMailedTo(invitee.user.email);
    await expireInvitation(invitation.id);
    expect((await app(team.admin.key).get(invitationsOf(team.workspace.id))).body.invitations[0].status).toBe("expired");
    const expired = await app(invitee.key).post(`/invitations/${oldToken}/accept`);
    expect(expired.status).toBe(400);
    expect(expired.body.details.reason).toBe("expired");
    expect(expired.body.error).toContain(`Ask ${team.admin.user.name} to send it again`);

    const res = await app(team.admin.key).post(`${invitationsOf(team.workspace.id)}/${invitation.id}/resend`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: invitation.id, status: "pending", delivery: "queued" });
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now() + 6.99 * 86_400_000);
    expect(await mailsTo(invitee.user.email)).toHaveLength(2);
    const newToken = await tokenMailedTo(invitee.user.email);
    expect((await app(invitee.key).post(`/invitations/${oldToken}/accept`)).status).toBe(404);
    expect((await app(invitee.key).post(`/invitations/${newToken}/accept`)).status).toBe(200);
    // Accepted: nothing to resend or withdraw.
    const resent = await app(team.admin.key).post(`${invitationsOf(team.workspace.id)}/${invitation.id}/resend`);
    expect(resent.status).toBe(400);
    expect(resent.body.code).toBe("conflict");
  });

  it("[INVITATIONS] revoke: the link answers that it was withdrawn, the list forgets it, and revoking again is 404", async () => {
    const team = await seedTeam(server);
    const invitee = await seedUser();
    const [invitation] = await invite(team.admin, team.workspace.id, [invitee.user.email]);
    const token = await tokenMailedTo(invitee.user.email);
    const res = await app(team.admin.key).delete(`${invitationsOf(team.workspace.id)}/${invitation.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: invitation.id, status: "revoked" });
    const accept = await app(invitee.key).post(`/invitations/${token}/accept`);
    expect(accept.status).toBe(400);
    expect(accept.body.details.reason).toBe("revoked");
    expect(await membershipOf(team.workspace.id, invitee.user.id)).toBeNull();
    expect((await app(team.admin.key).get(invitationsOf(team.workspace.id))).body.invitations).toEqual([]);
    expect((await app(team.admin.key).delete(`${invitationsOf(team.workspace.id)}/${invitation.id}`)).status).toBe(404);
    expect((await app(team.admin.key).post(`${invitationsOf(team.workspace.id)}/${invitation.id}/resend`)).status).toBe(404);
    // Inviting the address again makes a new invitation.
    const [again] = await invite(team.admin, team.workspace.id, [invitee.user.email]);
    expect(again.id).not.toBe(invitation.id);
  });

  it("[INVITATIONS] only the workspace's admins invite, list, resend and revoke; a non-member finds nothing; an unverified admin may not invite", async () => {
    const team = await seedTeam(server);
    const stranger = await newUser(server);
    const invitee = await seedUser();
    const [invitation] = await invite(team.admin, team.workspace.id, [invitee.user.email]);
    const calls = (key: string) => [
      app(key).get(invitationsOf(team.workspace.id)),
      app(key).post(invitationsOf(team.workspace.id), { emails: [freshEmail()], role: "learner" }),
      app(key).post(`${invitationsOf(team.workspace.id)}/${invitation.id}/resend`),
      app(key).delete(`${invitationsOf(team.workspace.id)}/${invitation.id}`),
    ];
    for (const member of [team.author, team.learner]) {
      for (const res of await Promise.all(calls(member.key))) {
        expect(res.status, JSON.stringify(res.body)).toBe(403);
        expect(res.body.code).toBe("forbidden");
      }
    }
    for (const res of await Promise.all(calls(stranger.key))) expect(res.status).toBe(404);
    // Another team's invitation is not found through this team's path.
    const other = await teamWorkspace(stranger, []);
    expect((await app(stranger.key).delete(`${invitationsOf(other.id)}/${invitation.id}`)).status).toBe(404);
    // A personal workspace has no other members.
    const personal = await app(team.admin.key).post(invitationsOf(team.admin.personalWorkspace.id), {
      emails: [freshEmail()],
      role: "author",
    });
    expect(personal.status).toBe(400);

    const db = await getDb();
    await db.user.update({ where: { id: team.admin.user.id }, data: { emailVerifiedAt: null } });
    const before = await peopleCounts();
    const unverified = await app(team.admin.key).post(invitationsOf(team.workspace.id), { emails: [freshEmail()], role: "learner" });
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe("email_not_verified");
    expect(unverified.body.error).toContain("Verify your email address before inviting people");
    expect((await app(team.admin.key).post(`${invitationsOf(team.workspace.id)}/${invitation.id}/resend`)).status).toBe(403);
    expect(await peopleCounts()).toEqual(before);
  });

  it("[INVITATIONS] a token that opens nothing is 404 on both accept endpoints", async () => {
    const user = await seedUser();
    const ghost = "A".repeat(43);
    expect((await app(user.key).post(`/invitations/${ghost}/accept`)).status).toBe(404);
    expect((await app().post(`/invitations/${ghost}/accept-with-sign-up`, { name: "G", password: STRONG })).status).toBe(404);
    expect((await app(user.key).post(`/invitations/short/accept`)).status).toBe(404);
    expect((await app().post(`/invitations/${ghost}/accept`)).status).toBe(401);
  });
});
