/**
 * Seats on acceptance (issue 43, docs/decisions/069): a proposal that sells a course becomes, when
 * accepted, an enrolment of the course with the accepted quantity as seats, managed by the
 * recipient; the manager invites learners by email up to the seats; a learner holding a seat takes
 * that one course through the learner endpoints, and the manager sees their progress.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { getDb } from "@/lib/db/client";
import { createEnrolments } from "@/lib/enrolments/enrolments";
import { enrolmentsClient, learnClient, soldCourse, unverify } from "../enrolment-factories";
import { NO_SUCH_ID } from "../expect";
import { authoringClient, correctOptionIds, createBlock, createCourse, seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { freshEmail, mailsTo, tokenMailedTo } from "../invitation-helpers";
import { expectProposalsError, seedCompanyMember } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The first acceptance makes the server's first PDF (fonts, the renderer's first load: 12 s alone,
  // more beside the browser specs): once here, outside every test's 30 s.
  await soldCourse(server);
}, 180_000);
afterAll(() => server.close());

const learnersOf = async (app: ReturnType<typeof enrolmentsClient>, id: string) => {
  const res = await app.get(`/enrolments/${id}/learners`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { email: string; status: string; percent_complete: number; completed_at: string | null }[];
};

describe("[ENROLMENTS] an accepted proposal's course blocks become seats", () => {
  it("accepting makes one enrolment per course block with its quantity, managed by the recipient, who is mailed its page", async () => {
    const sold = await soldCourse(server, { seats: 3 });
    expect(sold.enrolment).toMatchObject({ seats: 3, seats_used: 0, course: { id: sold.course.id, title: "Safety basics" } });
    const mine = await sold.manager.app.get("/enrolments");
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id: sold.enrolment!.id, proposal_uuid: sold.uuid, managers: [{ email: sold.manager.user.email }] }),
    ]);
    const mails = await mailsTo(sold.manager.user.email);
    const ready = mails.filter((m) => m.kind === "enrolment_ready");
    expect(ready).toHaveLength(1);
    expect(ready[0].subject).toBe('Your 3 seats of "Safety basics" are ready');
    expect(ready[0].link).toContain(`/enrolments/${sold.enrolment!.id}`);

    // An acceptance run again (a retry after a crash) makes none twice.
    const db = await getDb();
    expect(await db.$transaction((tx) => createEnrolments(tx, sold.uuid))).toEqual([]);
    expect(await db.enrolment.count({ where: { proposalId: sold.uuid } })).toBe(1);
  });

  it("an optional block left out makes none; a quantity the buyer chose is the seats; a block that sells no course makes none", async () => {
    const sold = await soldCourse(server, {
      blocks: (course, plain) => [
        { content_id: course.variationId, quantity: 5, quantity_min: 2, quantity_max: 10 },
        { content_id: course.variationId, quantity: 4, optional: true, selected: false },
        { content_id: plain.variationId, quantity: 1 },
      ],
    });
    const all = await sold.owner.api.get(`/v3/proposals/${sold.uuid}/enrolments`);
    expect(all.body.data.map((e: { seats: number }) => e.seats)).toEqual([5]);
  });

  it("another company's staff and an unknown proposal find no enrolments (404); a non-manager finds no enrolment (404)", async () => {
    const sold = await soldCourse(server);
    const other = await seedCompanyMember(server);
    expectProposalsError(await other.api.get(`/v3/proposals/${sold.uuid}/enrolments`), 404, "NOT_FOUND");
    expectProposalsError(await sold.owner.api.get(`/v3/proposals/${NO_SUCH_ID}/enrolments`), 404, "NOT_FOUND");
    const stranger = enrolmentsClient(server, (await seedUser()).key);
    expect((await stranger.get("/enrolments")).body.data).toEqual([]);
    for (const [method, path, body] of [
      ["get", `/enrolments/${sold.enrolment!.id}`, undefined],
      ["get", `/enrolments/${sold.enrolment!.id}/learners`, undefined],
      ["post", `/enrolments/${sold.enrolment!.id}/invitations`, { emails: [freshEmail()] }],
      ["post", `/enrolments/${sold.enrolment!.id}/managers`, { email: freshEmail() }],
    ] as const) {
      const res = await (stranger as any)[method](path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // The seller is no manager either: the buyer's page is the buyer's.
    expect((await enrolmentsClient(server, sold.owner.key).get(`/enrolments/${sold.enrolment!.id}`)).status).toBe(404);
    // A manager whose address is not verified yet manages nothing.
    await unverify(sold.manager.user.id);
    expect((await sold.manager.app.get(`/enrolments/${sold.enrolment!.id}`)).status).toBe(404);
    expect(await (await getDb()).enrolmentLearner.count({ where: { enrolmentId: sold.enrolment!.id } })).toBe(0);
  });
});

describe("[ENROLMENTS] inviting learners up to the seats", () => {
  it("invites new addresses, answers those holding a seat in `already`, and refuses past the seats with 409 inviting nobody", async () => {
    const sold = await soldCourse(server, { seats: 3 });
    const id = sold.enrolment!.id;
    const [a, b, c, d] = [freshEmail("a"), freshEmail("b"), freshEmail("c"), freshEmail("d")];
    const first = await sold.manager.app.post(`/enrolments/${id}/invitations`, { emails: [a, b.toUpperCase(), a] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toEqual({ invited: [{ email: a }, { email: b }], already: [] });
    expect((await mailsTo(a)).map((m) => m.kind)).toEqual(["course_invitation"]);

    const over = await sold.manager.app.post(`/enrolments/${id}/invitations`, { emails: [c, d, a] });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("seats_exhausted");
    expect(over.body.details).toMatchObject({ seats: 3, seats_left: 1, requested: 2 });
    expect(await mailsTo(c)).toEqual([]);

    const last = await sold.manager.app.post(`/enrolments/${id}/invitations`, { emails: [a, c] });
    expect(last.body.data).toEqual({ invited: [{ email: c }], already: [{ email: a }] });
    expect((await sold.manager.app.get(`/enrolments/${id}`)).body.data).toMatchObject({ seats: 3, seats_used: 3 });
    expect((await learnersOf(sold.manager.app, id)).map((l) => [l.email, l.status])).toEqual([
      [a, "invited"],
      [b, "invited"],
      [c, "invited"],
    ]);
  });

  it("a malformed address, no address, 10,000 addresses and a body that is no object are 400 and invite nobody", async () => {
    const sold = await soldCourse(server, { seats: 3 });
    const id = sold.enrolment!.id;
    const many = Array.from({ length: 10_000 }, (_, i) => `learner-${i}@example.test`);
    for (const body of [{ emails: ["not-an-address"] }, { emails: [] }, { emails: many }, { emails: "a@example.test" }, []]) {
      const res = await sold.manager.app.post(`/enrolments/${id}/invitations`, body);
      expect([400, 413], JSON.stringify(res.body).slice(0, 300)).toContain(res.status);
    }
    const malformed = await sold.manager.app.post(`/enrolments/${id}/invitations`, { emails: ["ok@example.test", "nope"] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.issues).toEqual([{ path: "emails.1", message: '"nope" is not an email address' }]);
    expect(await (await getDb()).enrolmentLearner.count({ where: { enrolmentId: id } })).toBe(0);
  });

  it("ten parallel invitations for the last seat give it to exactly one", async () => {
    const sold = await soldCourse(server, { seats: 2 });
    const id = sold.enrolment!.id;
    await sold.manager.app.post(`/enrolments/${id}/invitations`, { emails: [freshEmail()] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sold.manager.app.post(`/enrolments/${id}/invitations`, { emails: [freshEmail("race")] })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await (await getDb()).enrolmentLearner.count({ where: { enrolmentId: id } })).toBe(2);
  });

  it("a manager adds another manager, who is mailed and manages the seats once verified; the seat of a learner not started is freed", async () => {
    const sold = await soldCourse(server, { seats: 1 });
    const id = sold.enrolment!.id;
    const colleague = await seedUser({ name: "Carl Colleague" });
    const added = await sold.manager.app.post(`/enrolments/${id}/managers`, { email: colleague.user.email.toUpperCase() });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.managers).toEqual([{ email: sold.manager.user.email }, { email: colleague.user.email }]);
    expect((await mailsTo(colleague.user.email)).map((m) => m.kind)).toEqual(["enrolment_ready"]);
    const theirs = enrolmentsClient(server, colleague.key);
    const learner = freshEmail("freed");
    expect((await theirs.post(`/enrolments/${id}/invitations`, { emails: [learner] })).status).toBe(201);

    const freed = await theirs.delete(`/enrolments/${id}/learners/${encodeURIComponent(learner)}`);
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);
    expect(freed.body.data.seats_used).toBe(0);
    const invitation = await (await getDb()).invitation.findFirstOrThrow({ where: { enrolmentId: id, email: learner } });
    expect(invitation.revokedAt).not.toBeNull();
    expect((await theirs.delete(`/enrolments/${id}/learners/${encodeURIComponent(learner)}`)).status).toBe(404);
    expect((await theirs.post(`/enrolments/${id}/invitations`, { emails: [freshEmail()] })).status).toBe(201);
  });
});

describe("[ENROLMENTS] a seat is a grant on one course", () => {
  it("the learner reads the course, completes it and passes its quiz through the learner endpoints; the manager sees each step", async () => {
    const sold = await soldCourse(server, { seats: 2 });
    const id = sold.enrolment!.id;
    const learner = await seedUser({ name: "Lou Learner" });
    const learn = learnClient(server, learner.key);
    const authoring = authoringClient(server, learner.key);
    // Before the invitation: nothing of the workspace.
    expect((await learn.get(`/learn/courses/${sold.course.id}`)).status).toBe(404);
    await sold.manager.app.post(`/enrolments/${id}/invitations`, { emails: [learner.user.email] });

    const courses = await learn.get("/learn/courses");
    expect(courses.body.courses.map((c: { id: string }) => c.id)).toEqual([sold.course.id]);
    expect((await learn.get(`/learn/courses/${sold.course.id}`)).status).toBe(200);
    expect((await learn.get(`/learn/lessons/${sold.first.id}`)).status).toBe(200);
    expect((await learnersOf(sold.manager.app, id))[0]).toMatchObject({ status: "started", percent_complete: 0 });

    // Another course of the same workspace, even published, does not open; the draft lesson neither.
    const other = await createCourse(sold.api, sold.project.id, { title: "Another course" });
    await sold.api.post(`/courses/${other.id}/publish`);
    expect((await learn.get(`/learn/courses/${other.id}`)).status).toBe(404);
    expect((await learn.get(`/learn/lessons/${sold.draft.id}`)).status).toBe(403);
    // Someone else's seat opens nothing to a stranger: not the course, not its quiz (with a key, the
    // quiz's access is read in the key lookup's statement, whose user must be the caller).
    const stranger = await seedUser();
    expect((await learnClient(server, stranger.key).get(`/learn/courses/${sold.course.id}`)).status).toBe(404);
    expect((await authoringClient(server, stranger.key).post(`/quizzes/${sold.quiz.id}/submit`, sold.answers(2))).status).toBe(404);
    // Nor the authoring side of the workspace.
    expect((await authoring.get(`/courses/${sold.course.id}`)).status).toBe(404);
    expect((await authoring.get(`/quizzes/${sold.quiz.id}`)).status).toBe(404);

    for (const lesson of [sold.first, sold.second]) expect((await learn.post(`/learn/lessons/${lesson.id}/complete`)).status).toBe(200);
    expect((await learnersOf(sold.manager.app, id))[0]).toMatchObject({ status: "started", percent_complete: 66 });
    const quiz = await learn.get(`/learn/quizzes/${sold.quiz.id}`);
    expect(quiz.status, JSON.stringify(quiz.body)).toBe(200);
    // A quiz's question is no practice question: it is checked only where a lesson shows it as one.
    const practice = sold.questions[0];
    expect((await learn.post(`/learn/questions/${practice.id}/check`, { selected_option_ids: [] })).status).toBe(404);
    await createBlock(sold.api, sold.first.id, { type: "question", question_id: practice.id, question_role: "practice" });
    const check = await learn.post(`/learn/questions/${practice.id}/check`, { selected_option_ids: correctOptionIds(practice) });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.is_correct).toBe(true);

    const failed = await authoring.post(`/quizzes/${sold.quiz.id}/submit`, sold.answers(1));
    expect(failed.status, JSON.stringify(failed.body)).toBe(201);
    expect((await learnersOf(sold.manager.app, id))[0].status).toBe("started");
    const passed = await authoring.post(`/quizzes/${sold.quiz.id}/submit`, sold.answers(2));
    expect(passed.status).toBe(201);
    const [done] = await learnersOf(sold.manager.app, id);
    expect(done).toMatchObject({ email: learner.user.email, name: "Lou Learner", status: "completed", percent_complete: 100 });
    expect(done.completed_at).not.toBeNull();

    // A learner who has started keeps the seat.
    const keep = await sold.manager.app.delete(`/enrolments/${id}/learners/${encodeURIComponent(learner.user.email)}`);
    expect(keep.status).toBe(409);
    expect(keep.body.code).toBe("seat_in_use");

    const csv = await fetch(`${server.url}/api/app/enrolments/${id}/learners?format=csv`, {
      headers: { authorization: `Bearer ${sold.manager.key}` },
    });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "email,name,status,percent_complete,lessons_completed,lesson_count,quizzes_passed,quiz_count,completed_at,certificate_id",
    );
    expect(lines[1]).toMatch(new RegExp(`^${learner.user.email},Lou Learner,completed,100,2,2,1,1,`));
  });

  it("a new address signs up from the invitation's link, lands on the course in Learn, and reads it at once", async () => {
    const sold = await soldCourse(server, { seats: 1 });
    const email = freshEmail("newcomer");
    await sold.manager.app.post(`/enrolments/${sold.enrolment!.id}/invitations`, { emails: [email] });
    const token = await tokenMailedTo(email);
    const joined = await learnClient(server).post(`/invitations/${token}/accept-with-sign-up`, {
      name: "Nia Newcomer",
      password: `pw-${randomBytes(12).toString("base64url")}`,
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body).toMatchObject({
      email,
      role: "learner",
      target: { kind: "enrolment", id: sold.enrolment!.id, name: "Safety basics" },
      url: `/learn/courses/${sold.course.id}`,
    });
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const learn = learnClient(server, (await createApiKey(db, { userId: user.id, name: "newcomer's key" })).key);
    expect((await learn.get("/learn/courses")).body.courses.map((c: { id: string }) => c.id)).toEqual([sold.course.id]);
    expect((await learnersOf(sold.manager.app, sold.enrolment!.id))[0]).toMatchObject({ email, name: "Nia Newcomer", status: "invited" });
  });

  it("an account whose address is not verified holds no seat until it is", async () => {
    const sold = await soldCourse(server, { seats: 1 });
    const learner = await seedUser();
    await unverify(learner.user.id);
    await sold.manager.app.post(`/enrolments/${sold.enrolment!.id}/invitations`, { emails: [learner.user.email] });
    const learn = learnClient(server, learner.key);
    expect((await learn.get(`/learn/courses/${sold.course.id}`)).status).toBe(404);
    expect((await authoringClient(server, learner.key).post(`/quizzes/${sold.quiz.id}/submit`, sold.answers(2))).status).toBe(404);
    await (await getDb()).user.update({ where: { id: learner.user.id }, data: { emailVerifiedAt: new Date() } });
    expect((await learn.get(`/learn/courses/${sold.course.id}`)).status).toBe(200);
  });
});

describe("[ENROLMENTS] webhooks", () => {
  it("an endpoint subscribed to enrolment.created gets one delivery per enrolment, with the enrolment and the proposal's uuid", async () => {
    const sold = await soldCourse(server, { seats: 2 });
    const db = await getDb();
    // Subscribed after this sale: the next one is delivered.
    const hook = await sold.owner.api.post("/v3/webhooks", {
      company_id: sold.owner.company.id,
      url: "https://93.184.215.14/enrolments-hook",
      events: ["enrolment.created"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const uuid = (await db.proposal.findUniqueOrThrow({ where: { id: sold.uuid } })).id;
    await db.enrolment.deleteMany({ where: { proposalId: uuid } });
    const made = await db.$transaction((tx) => createEnrolments(tx, uuid));
    expect(made).toHaveLength(1);
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: hook.body.data.id, type: "enrolment.created" } });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].payload).toMatchObject({
      type: "enrolment.created",
      data: { proposal_uuid: uuid, enrolment: { id: made[0].id, seats: 2, course: { id: sold.course.id } } },
    });
  });
});
