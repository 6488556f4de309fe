/**
 * Review links (issue 41, docs/decisions/060): an author makes a link that opens a course, drafts
 * included, to anyone who has it; reviewers read it as learners will see it, comment and reply
 * with a name and an address, and suggest edits where the link allows. The token is the link's
 * only secret: a closed, expired or unknown link, and a guessed id of another course's block or
 * thread, answer 404 and store nothing; no error answer repeats the token.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiClient, type ApiResponse } from "../api-client";
import { anyIso, anyUuid, expectNotFound, expectRecent, expectStatus, expectValidation, NO_SUCH_ID } from "../expect";
import {
  addComment,
  createBlock,
  createCourse,
  createLesson,
  createModule,
  createQuestionAndQuiz,
  createReviewLink,
  minutesAgo,
  newUser,
  newUserWithProject,
  reviewTokenOf,
  seedTeamWithProject,
  textBlock,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  [server] = await Promise.all([startTestServer(), getDb()]);
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The reviewer's side: no key, no session, the app's own endpoints under /api/authoring/review. */
const reviewer = () => apiClient(`${server.url}/api/authoring`);
const RITA = { name: "Rita Reviewer", email: "rita@review.example" };

/** A team (admin, author, learner) with a draft course: a module, a lesson with a text block. */
async function reviewSetup() {
  const team = await seedTeamWithProject(server);
  const api = team.admin.api;
  const course = await createCourse(api, team.projectId, { title: "Fire safety", description: "For every new starter" });
  const mod = await createModule(api, course.id, { title: "Basics" });
  const lesson = await createLesson(api, mod.id, { title: "Alarms" });
  const block = await textBlock(api, lesson.id, "When the alarm rings, leave.");
  return { ...team, course, module: mod, lesson, block };
}

async function reviewCounts(courseId: string) {
  const db = await getDb();
  const [threads, replies, suggestions] = await Promise.all([
    db.commentThread.count({ where: { courseId } }),
    db.commentReply.count({ where: { thread: { courseId } } }),
    db.blockSuggestion.count({ where: { courseId } }),
  ]);
  return { threads, replies, suggestions };
}

/** Every reviewer endpoint of the link's token, aimed at the course's block and a thread of it. */
function everyReviewerCall(token: string, blockId: string, threadId: string): [string, () => Promise<ApiResponse>][] {
  const r = reviewer();
  return [
    ["GET /review/{token}", () => r.get(`/review/${token}`)],
    ["GET /review/{token}/comments", () => r.get(`/review/${token}/comments`)],
    ["POST comments", () => r.post(`/review/${token}/blocks/${blockId}/comments`, { ...RITA, body: "A remark" })],
    ["POST replies", () => r.post(`/review/${token}/comments/${threadId}/replies`, { ...RITA, body: "A reply" })],
    ["POST suggestions", () => r.post(`/review/${token}/blocks/${blockId}/suggestions`, { ...RITA, content: { body: "New" } })],
  ];
}

describe("[REVIEW LINKS] POST, GET /courses/{courseId}/review-links and DELETE /review-links/{reviewLinkId}", () => {
  it("makes a link with an absolute url on the app's address, lists the course's links newest first, and closes one for good", async () => {
    vi.stubEnv("APP_URL", "https://courses.example.com");
    const s = await reviewSetup();
    const res = await s.author.api.post(`/courses/${s.course.id}/review-links`);
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      course_id: s.course.id,
      url: expect.stringMatching(/^https:\/\/courses\.example\.com\/review\/[A-Za-z0-9_-]{20,100}$/),
      allow_suggestions: false,
      expires_at: null,
      closed_at: null,
      created_at: anyIso(),
    });
    expectRecent(res.body.created_at);
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const second = await createReviewLink(s.admin.api, s.course.id, { allow_suggestions: true, expires_at: expiresAt });
    expect(second).toMatchObject({ allow_suggestions: true, expires_at: expiresAt });
    expect(reviewTokenOf(second)).not.toBe(reviewTokenOf(res.body));
    // The first made five minutes earlier, so "newest first" has one answer.
    const earlier = minutesAgo(5);
    await (await getDb()).reviewLink.update({ where: { id: res.body.id }, data: { createdAt: earlier } });
    const first = { ...res.body, created_at: earlier.toISOString() };

    const list = await s.author.api.get(`/courses/${s.course.id}/review-links`);
    expectStatus(list, 200);
    expect(list.body).toEqual({ review_links: [second, first] });

    const closed = await s.author.api.delete(`/review-links/${first.id}`);
    expectStatus(closed, 200);
    expect(closed.body).toEqual({ ...first, closed_at: anyIso() });
    expectRecent(closed.body.closed_at);
    const again = await s.admin.api.delete(`/review-links/${first.id}`);
    expectStatus(again, 200);
    expect(again.body).toEqual(closed.body);
    expect((await s.author.api.get(`/courses/${s.course.id}/review-links`)).body).toEqual({ review_links: [second, closed.body] });
    expectNotFound(await s.author.api.delete(`/review-links/${NO_SUCH_ID}`));
  });

  it("refuses an expiry in the past or not a date, and allow_suggestions that is not true or false, with 400, making no link", async () => {
    const s = await reviewSetup();
    const path = `/courses/${s.course.id}/review-links`;
    expectValidation(await s.author.api.post(path, { expires_at: new Date(Date.now() - 60_000).toISOString() }), "expires_at");
    expectValidation(await s.author.api.post(path, { expires_at: "next week" }), "expires_at");
    expectValidation(await s.author.api.post(path, { allow_suggestions: "yes" }), "allow_suggestions");
    expect((await s.author.api.get(path)).body).toEqual({ review_links: [] });
  });

  it("only those who write the course make, list and close its links: a learner and another workspace's user get 404", async () => {
    const s = await reviewSetup();
    expectStatus(await s.admin.api.post(`/courses/${s.course.id}/publish`), 200);
    const link = await createReviewLink(s.author.api, s.course.id);
    const stranger = await newUser(server);
    for (const api of [s.learner.api, stranger.api]) {
      expectNotFound(await api.post(`/courses/${s.course.id}/review-links`, { allow_suggestions: true }));
      expectNotFound(await api.get(`/courses/${s.course.id}/review-links`));
      expectNotFound(await api.delete(`/review-links/${link.id}`));
    }
    expect((await s.admin.api.get(`/courses/${s.course.id}/review-links`)).body).toEqual({ review_links: [link] });
    expectStatus(await reviewer().get(`/review/${reviewTokenOf(link)}`), 200);
  });
});

describe("[REVIEW] GET /review/{token}", () => {
  it("opens the course to anyone with the link, drafts included, as learners will see it: no answer keys, nothing in the trash", async () => {
    const s = await reviewSetup();
    const { question } = await createQuestionAndQuiz(s.admin.api, s.projectId);
    const questionBlock = await createBlock(s.admin.api, s.lesson.id, {
      type: "question",
      question_id: question.id,
      question_role: "practice",
    });
    const trashed = await textBlock(s.admin.api, s.lesson.id, "Deleted words");
    expectStatus(await s.admin.api.delete(`/blocks/${trashed.id}`), 200);
    expectStatus(await s.admin.api.post(`/courses/${s.course.id}/publish`), 200);
    // Made after publishing: a draft.
    const draft = await createLesson(s.admin.api, s.module.id, { title: "Evacuation (draft)" });
    const draftBlock = await textBlock(s.admin.api, draft.id, "Not yet published");
    const trashedLesson = await createLesson(s.admin.api, s.module.id, { title: "Deleted lesson" });
    expectStatus(await s.admin.api.delete(`/lessons/${trashedLesson.id}`), 200);
    const link = await createReviewLink(s.author.api, s.course.id);

    const res = await reviewer().get(`/review/${reviewTokenOf(link)}`);
    expectStatus(res, 200);
    type Option = { id: string; label: string; is_correct?: boolean };
    /** A block as its author reads it, without the answer key: as learners will see it. */
    const asLearners = (block: { question: { options: Option[] } | null }) =>
      block.question
        ? { ...block, question: { ...block.question, options: block.question.options.map(({ is_correct: _, ...o }) => o) } }
        : block;
    const read = async (id: string) => asLearners((await s.admin.api.get(`/blocks/${id}`)).body);
    expect(res.body).toEqual({
      link: { allow_suggestions: false, expires_at: null },
      course: { id: s.course.id, title: "Fire safety", description: "For every new starter" },
      modules: [
        {
          id: s.module.id,
          title: "Basics",
          lessons: [
            { id: s.lesson.id, title: "Alarms", published: true, blocks: [await read(s.block.id), await read(questionBlock.id)] },
            { id: draft.id, title: "Evacuation (draft)", published: false, blocks: [await read(draftBlock.id)] },
          ],
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain("is_correct");
    expect(JSON.stringify(res.body)).not.toContain("Deleted");
  });
});

describe("[REVIEW] reviewers comment, reply and suggest", () => {
  it("a reviewer's comment and reply are theirs by name; members see them and answer; the reviewer sees the answer", async () => {
    const s = await reviewSetup();
    const link = await createReviewLink(s.author.api, s.course.id);
    const token = reviewTokenOf(link);
    const res = await reviewer().post(`/review/${token}/blocks/${s.block.id}/comments`, {
      ...RITA,
      body: "Which alarm?",
      quote: "the alarm",
    });
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      course_id: s.course.id,
      lesson_id: s.lesson.id,
      block_id: s.block.id,
      body: "Which alarm?",
      quote: "the alarm",
      block_text: "When the alarm rings, leave.",
      block_deleted: false,
      status: "open",
      author: { kind: "reviewer", name: "Rita Reviewer" },
      resolved_at: null,
      resolved_by: null,
      created_at: anyIso(),
      updated_at: anyIso(),
      replies: [],
    });
    const members = await s.admin.api.get(`/courses/${s.course.id}/comments`);
    expect(members.body.comments).toEqual([res.body]);
    const answer = await s.author.api.post(`/comments/${res.body.id}/replies`, { body: "The fire alarm." });
    expectStatus(answer, 201);
    const thanks = await reviewer().post(`/review/${token}/comments/${res.body.id}/replies`, { ...RITA, body: "Thanks!" });
    expectStatus(thanks, 201);
    expect(thanks.body).toEqual({
      id: anyUuid(),
      body: "Thanks!",
      author: { kind: "reviewer", name: "Rita Reviewer" },
      created_at: anyIso(),
    });

    const seen = await reviewer().get(`/review/${token}/comments`);
    expectStatus(seen, 200);
    expect(seen.body).toMatchObject({ has_more: false, limit: 500, offset: 0 });
    expect(seen.body.comments).toHaveLength(1);
    expect(seen.body.comments[0].replies.map((r: { body: string; author: object }) => [r.body, r.author])).toEqual([
      ["The fire alarm.", { kind: "agent", name: "test key" }],
      ["Thanks!", { kind: "reviewer", name: "Rita Reviewer" }],
    ]);
    // Another reviewer with the link sees Rita's name, not her address.
    expect(JSON.stringify(seen.body)).not.toContain(RITA.email);
    expectStatus(await s.author.api.patch(`/comments/${res.body.id}`, { status: "resolved" }), 200);
    expect((await reviewer().get(`/review/${token}/comments?status=open`)).body.comments).toEqual([]);
  });

  it("a reviewer suggests an edit where the link allows; an author accepts it, and the reviewer reads the new words", async () => {
    const s = await reviewSetup();
    const link = await createReviewLink(s.author.api, s.course.id, { allow_suggestions: true });
    const token = reviewTokenOf(link);
    const res = await reviewer().post(`/review/${token}/blocks/${s.block.id}/suggestions`, {
      ...RITA,
      content: { body: "When the fire alarm rings, leave by the nearest exit." },
      note: "Say which exit",
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      block_id: s.block.id,
      status: "open",
      content: { body: "When the fire alarm rings, leave by the nearest exit." },
      base_content: { body: "When the alarm rings, leave." },
      note: "Say which exit",
      author: { kind: "reviewer", name: "Rita Reviewer" },
    });
    expect((await s.author.api.get(`/courses/${s.course.id}/suggestions`)).body.suggestions).toEqual([res.body]);
    expectStatus(await s.author.api.post(`/suggestions/${res.body.id}/accept`), 200);
    const page = await reviewer().get(`/review/${token}`);
    expect(page.body.modules[0].lessons[0].blocks[0].content).toEqual({ body: "When the fire alarm rings, leave by the nearest exit." });
    // The reviewer's content is held to the block type's shape, as a member's is.
    expectValidation(
      await reviewer().post(`/review/${token}/blocks/${s.block.id}/suggestions`, { ...RITA, content: { body: 1 } }),
      "content",
    );
  });

  it("refuses a reviewer without a name or a valid address, and an empty comment, with 400, storing nothing", async () => {
    const s = await reviewSetup();
    const token = reviewTokenOf(await createReviewLink(s.author.api, s.course.id, { allow_suggestions: true }));
    const path = `/review/${token}/blocks/${s.block.id}/comments`;
    expectValidation(await reviewer().post(path, { email: RITA.email, body: "Hi" }), "name");
    expectValidation(await reviewer().post(path, { name: " ", email: RITA.email, body: "Hi" }), "name");
    expectValidation(await reviewer().post(path, { name: "Rita", email: "not an address", body: "Hi" }), "email");
    expectValidation(await reviewer().post(path, { ...RITA, body: "" }), "body");
    expectValidation(await reviewer().post(path, { ...RITA, body: "x".repeat(100 * 1024) }), "body");
    expectValidation(await reviewer().post(`/review/${token}/blocks/${s.block.id}/suggestions`, { ...RITA }), "content");
    expect(await reviewCounts(s.course.id)).toEqual({ threads: 0, replies: 0, suggestions: 0 });
  });

  it("a link for comments only answers a suggestion 403 forbidden and stores none; comments still work", async () => {
    const s = await reviewSetup();
    const token = reviewTokenOf(await createReviewLink(s.author.api, s.course.id));
    expect((await reviewer().get(`/review/${token}`)).body.link.allow_suggestions).toBe(false);
    const res = await reviewer().post(`/review/${token}/blocks/${s.block.id}/suggestions`, { ...RITA, content: { body: "Mine" } });
    expectStatus(res, 403);
    expect(res.body).toEqual({ error: expect.any(String), code: "forbidden" });
    expect(JSON.stringify(res.body)).not.toContain(token);
    expectStatus(await reviewer().post(`/review/${token}/blocks/${s.block.id}/comments`, { ...RITA, body: "Fine" }), 201);
    expect(await reviewCounts(s.course.id)).toEqual({ threads: 1, replies: 0, suggestions: 0 });
  });
});

describe("[REVIEW] a link that no longer opens the course", () => {
  /** A link allowing suggestions, with a thread of the course's block to reply in. */
  async function openLink() {
    const s = await reviewSetup();
    const link = await createReviewLink(s.author.api, s.course.id, {
      allow_suggestions: true,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const thread = await addComment(s.author.api, s.block.id);
    const token = reviewTokenOf(link);
    for (const [what, call] of everyReviewerCall(token, s.block.id, thread.id)) expect((await call()).status, what).toBeLessThan(300);
    return { s, link, token, thread, counts: await reviewCounts(s.course.id) };
  }

  async function expectClosedEverywhere(token: string, blockId: string, threadId: string) {
    for (const [what, call] of everyReviewerCall(token, blockId, threadId)) {
      const res = await call();
      expect(res.status, what).toBe(404);
      expect(res.body, what).toEqual({ error: expect.any(String), code: "not_found" });
      expect(JSON.stringify(res.body), what).not.toContain(token);
    }
  }

  it("a closed link answers 404 on every reviewer endpoint, as an unknown one does, and stores nothing", async () => {
    const { s, link, token, thread, counts } = await openLink();
    expectStatus(await s.author.api.delete(`/review-links/${link.id}`), 200);
    await expectClosedEverywhere(token, s.block.id, thread.id);
    await expectClosedEverywhere(`${token.slice(0, -4)}AAAA`, s.block.id, thread.id);
    await expectClosedEverywhere("not a token", s.block.id, thread.id);
    expect(await reviewCounts(s.course.id)).toEqual(counts);
  });

  it("an expired link answers 404 on every reviewer endpoint and stores nothing", async () => {
    const { s, link, token, thread, counts } = await openLink();
    const db = await getDb();
    await db.reviewLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    await expectClosedEverywhere(token, s.block.id, thread.id);
    expect(await reviewCounts(s.course.id)).toEqual(counts);
    // The members' list still shows it, with its expiry.
    expect((await s.author.api.get(`/courses/${s.course.id}/review-links`)).body.review_links[0]).toMatchObject({
      id: link.id,
      closed_at: null,
    });
  });

  it("the link of a course in the trash answers 404 on every reviewer endpoint", async () => {
    const { s, token, thread, counts } = await openLink();
    expectStatus(await s.admin.api.delete(`/courses/${s.course.id}`), 200);
    await expectClosedEverywhere(token, s.block.id, thread.id);
    expect(await reviewCounts(s.course.id)).toEqual(counts);
  });

  it("a guessed id of another course's block or thread answers 404 and stores nothing in either course", async () => {
    const { s, token, counts } = await openLink();
    const sibling = await createCourse(s.admin.api, s.projectId, { title: "Sibling course" });
    const siblingBlock = await textBlock(
      s.admin.api,
      (await createLesson(s.admin.api, (await createModule(s.admin.api, sibling.id)).id)).id,
      "Sibling",
    );
    const siblingThread = await addComment(s.admin.api, siblingBlock.id);
    const elsewhere = await newUserWithProject(server);
    const foreignCourse = await createCourse(elsewhere.api, elsewhere.projectId);
    const foreignBlock = await textBlock(
      elsewhere.api,
      (await createLesson(elsewhere.api, (await createModule(elsewhere.api, foreignCourse.id)).id)).id,
      "Foreign",
    );
    const trashed = await textBlock(s.admin.api, s.lesson.id, "Trashed");
    expectStatus(await s.admin.api.delete(`/blocks/${trashed.id}`), 200);
    const before = { sibling: await reviewCounts(sibling.id), foreign: await reviewCounts(foreignCourse.id) };

    const r = reviewer();
    for (const blockId of [siblingBlock.id, foreignBlock.id, trashed.id, NO_SUCH_ID]) {
      expectNotFound(await r.post(`/review/${token}/blocks/${blockId}/comments`, { ...RITA, body: "Guess" }));
      expectNotFound(await r.post(`/review/${token}/blocks/${blockId}/suggestions`, { ...RITA, content: { body: "Guess" } }));
    }
    expectNotFound(await r.post(`/review/${token}/comments/${siblingThread.id}/replies`, { ...RITA, body: "Guess" }));
    expectNotFound(await r.post(`/review/${token}/comments/${NO_SUCH_ID}/replies`, { ...RITA, body: "Guess" }));
    expect(await reviewCounts(s.course.id)).toEqual(counts);
    expect({ sibling: await reviewCounts(sibling.id), foreign: await reviewCounts(foreignCourse.id) }).toEqual(before);
    // Nor does the link show another course's threads.
    expect((await r.get(`/review/${token}/comments`)).body.comments.map((t: { course_id: string }) => t.course_id)).toEqual(
      Array(counts.threads).fill(s.course.id),
    );
  });

  it("no error answer carries the token", async () => {
    const { s, link, token, thread } = await openLink();
    const r = reviewer();
    const errors: ApiResponse[] = [
      await r.post(`/review/${token}/blocks/${s.block.id}/comments`, { ...RITA, body: "" }),
      await r.post(`/review/${token}/blocks/${s.block.id}/comments`, "{not json", { "content-type": "application/json" }),
      await r.post(`/review/${token}/blocks/${s.block.id}/suggestions`, { ...RITA, content: { body: 1 }, note: 5 }),
      await r.post(`/review/${token}/blocks/${NO_SUCH_ID}/comments`, { ...RITA, body: "Guess" }),
      await r.post(`/review/${token}/comments/${NO_SUCH_ID}/replies`, { ...RITA, body: "Guess" }),
      await r.get(`/review/${token}/comments?status=closed`),
    ];
    expectStatus(await s.author.api.delete(`/review-links/${link.id}`), 200);
    errors.push(await r.get(`/review/${token}`), await r.post(`/review/${token}/comments/${thread.id}/replies`, { ...RITA, body: "Late" }));
    for (const res of errors) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(res.body)).not.toContain(token);
    }
  });
});
