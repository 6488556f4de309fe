/**
 * Reviewing a course together, the threads (issue 41, docs/decisions/060): members who read drafts
 * start threads on blocks, reply, resolve and reopen them; a thread outlives its block; mentions
 * mail workspace members once each through the outbox. Suggested edits: review-suggestions.test.ts;
 * review links: review-links.test.ts; suggest-only keys: suggest-keys.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";
import { signedInClient } from "../accounts";
import { apiClient } from "../api-client";
import { anyIso, anyUuid, expectNotFound, expectRecent, expectStatus, expectValidation, NO_SUCH_ID, walkIds } from "../expect";
import {
  type Api,
  addComment,
  authoringUrl,
  createBlock,
  createLesson,
  createQuestionAndQuiz,
  minutesAgo,
  newUser,
  replyTo,
  seedTeamWithProject,
  teamWorkspace,
  textBlock,
  courseWithBlock,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  [server] = await Promise.all([startTestServer(), getDb()]);
});
afterAll(() => server.close());

/** A course of the project with a module, a lesson and a text block saying `text`. */
/** A team (admin, author, learner) with a course of its project, and the author signed in in the browser. */
async function reviewSetup() {
  const team = await seedTeamWithProject(server);
  const tree = await courseWithBlock(team.admin.api, team.projectId);
  const authorInBrowser = await signedInClient(authoringUrl(server), team.author.user);
  return { ...team, ...tree, authorInBrowser };
}

async function storedThreads(courseId: string) {
  const db = await getDb();
  return db.commentThread.count({ where: { courseId } });
}

async function storedReplies(threadId: string) {
  const db = await getDb();
  return db.commentReply.count({ where: { threadId } });
}

/** Makes a thread look started `minutes` ago (and last changed then), so an order or a later change has one answer. */
async function backdateThread(id: string, minutes: number) {
  const db = await getDb();
  await db.$executeRaw`UPDATE comment_threads SET created_at = ${minutesAgo(minutes)}, updated_at = ${minutesAgo(minutes)} WHERE id = ${id}::uuid`;
}

const threadsOf = async (api: Api, courseId: string, query = "") => {
  const res = await api.get(`/courses/${courseId}/comments${query}`);
  expectStatus(res, 200);
  return res.body.comments as { id: string; [key: string]: any }[];
};

describe("[COMMENTS] POST /blocks/{blockId}/comments", () => {
  it("starts an open thread on the block, keeping the block's text; the course's list shows it as answered; a member in the browser is named", async () => {
    const s = await reviewSetup();
    const res = await s.authorInBrowser.post(`/blocks/${s.block.id}/comments`, { body: "  Is this greeting too short?  ", quote: "Hello" });
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      course_id: s.course.id,
      lesson_id: s.lesson.id,
      block_id: s.block.id,
      body: "Is this greeting too short?",
      quote: "Hello",
      block_text: "Hello",
      block_deleted: false,
      status: "open",
      author: { kind: "member", name: s.author.user.name },
      resolved_at: null,
      resolved_by: null,
      created_at: anyIso(),
      updated_at: anyIso(),
      replies: [],
    });
    expectRecent(res.body.created_at);
    const list = await s.admin.api.get(`/courses/${s.course.id}/comments`);
    expectStatus(list, 200);
    expect(list.body).toEqual({ comments: [res.body], has_more: false, limit: 500, offset: 0 });
    // The block itself is as it was: a comment is no edit.
    expect((await s.admin.api.get(`/blocks/${s.block.id}`)).body).toEqual(s.block);
  });

  it("made with an API key, the thread's author is the agent, named by its key; no quote is null", async () => {
    const s = await reviewSetup();
    const thread = await addComment(s.author.api, s.block.id, { body: "Checked by the agent" });
    expect(thread.author).toEqual({ kind: "agent", name: "test key" });
    expect(thread.quote).toBeNull();
    expect((await threadsOf(s.admin.api, s.course.id))[0].author).toEqual({ kind: "agent", name: "test key" });
  });

  it("a thread on a question block keeps the question's prompt as the block's text", async () => {
    const s = await reviewSetup();
    const { question } = await createQuestionAndQuiz(s.admin.api, s.projectId, "Review");
    const block = await createBlock(s.admin.api, s.lesson.id, { type: "question", question_id: question.id, question_role: "practice" });
    const thread = await addComment(s.author.api, block.id, { body: "Ambiguous?" });
    expect(thread.block_text).toBe("Review: is the sky blue?");
  });

  it("takes a comment of 10,000 characters and refuses an empty, a blank, a longer one and a 100 KB one with 400, storing nothing of them", async () => {
    const s = await reviewSetup();
    const path = `/blocks/${s.block.id}/comments`;
    for (const body of [{ body: "" }, { body: "   " }, {}, { body: 42 }, { body: "x".repeat(10_001) }, { body: "x".repeat(100 * 1024) }]) {
      expectValidation(await s.author.api.post(path, body), "body");
    }
    expectValidation(await s.author.api.post(path, { body: "ok", quote: "q".repeat(2_001) }), "quote");
    expect(await storedThreads(s.course.id)).toBe(0);
    const longest = await addComment(s.author.api, s.block.id, { body: "é".repeat(10_000) });
    expect(longest.body).toHaveLength(10_000);
    expect((await threadsOf(s.admin.api, s.course.id)).map((t) => t.id)).toEqual([longest.id]);
  });

  it("answers 404 for a block that does not exist or is not a uuid", async () => {
    const s = await reviewSetup();
    expectNotFound(await s.author.api.post(`/blocks/${NO_SUCH_ID}/comments`, { body: "Hello?" }));
    expectNotFound(await s.author.api.post("/blocks/not-a-block/comments", { body: "Hello?" }));
    expect(await storedThreads(s.course.id)).toBe(0);
  });
});

describe("[COMMENTS] POST /comments/{commentId}/replies", () => {
  it("replies in the thread, oldest first, by members and agents; the thread's updated_at moves; a resolved thread takes replies too", async () => {
    const s = await reviewSetup();
    const thread = await addComment(s.authorInBrowser, s.block.id, { body: "Too short?" });
    await backdateThread(thread.id, 10);
    const first = await s.admin.api.post(`/comments/${thread.id}/replies`, { body: "  Fine as it is.  " });
    expectStatus(first, 201);
    expect(first.body).toEqual({
      id: anyUuid(),
      body: "Fine as it is.",
      author: { kind: "agent", name: "test key" },
      created_at: anyIso(),
    });
    // The thread's updated_at says when anything in it last happened.
    expectRecent((await threadsOf(s.admin.api, s.course.id))[0].updated_at);
    const db = await getDb();
    // One reply a minute earlier than the next, so the order is the one written.
    await db.commentReply.update({ where: { id: first.body.id }, data: { createdAt: minutesAgo(1) } });
    expectStatus(await s.authorInBrowser.patch(`/comments/${thread.id}`, { status: "resolved" }), 200);
    const second = await replyTo(s.authorInBrowser, thread.id, { body: "Agreed, resolving." });
    expect(second.author).toEqual({ kind: "member", name: s.author.user.name });

    const [listed] = await threadsOf(s.admin.api, s.course.id);
    expect(listed.replies).toEqual([{ ...first.body, created_at: anyIso() }, second]);
    expect(listed.status).toBe("resolved");
  });

  it("refuses an empty or a 100 KB reply with 400, and a thread that does not exist with 404, storing nothing", async () => {
    const s = await reviewSetup();
    const thread = await addComment(s.author.api, s.block.id);
    for (const body of [{ body: "" }, {}, { body: "x".repeat(100 * 1024) }]) {
      expectValidation(await s.author.api.post(`/comments/${thread.id}/replies`, body), "body");
    }
    expectNotFound(await s.author.api.post(`/comments/${NO_SUCH_ID}/replies`, { body: "Anyone?" }));
    expectNotFound(await s.author.api.post("/comments/not-a-thread/replies", { body: "Anyone?" }));
    expect(await storedReplies(thread.id)).toBe(0);
  });
});

describe("[COMMENTS] PATCH /comments/{commentId}", () => {
  it("an author resolves a thread, saying when and who, and reopens it", async () => {
    const s = await reviewSetup();
    const thread = await addComment(s.admin.api, s.block.id);
    const resolved = await s.authorInBrowser.patch(`/comments/${thread.id}`, { status: "resolved" });
    expectStatus(resolved, 200);
    expect(resolved.body).toEqual({
      ...thread,
      status: "resolved",
      resolved_at: anyIso(),
      resolved_by: s.author.user.name,
      updated_at: anyIso(),
    });
    expectRecent(resolved.body.resolved_at);
    expect(await threadsOf(s.admin.api, s.course.id)).toEqual([resolved.body]);

    const reopened = await s.admin.api.patch(`/comments/${thread.id}`, { status: "open" });
    expectStatus(reopened, 200);
    expect(reopened.body).toMatchObject({ id: thread.id, status: "open", resolved_at: null, resolved_by: null });
    expect((await threadsOf(s.admin.api, s.course.id))[0]).toMatchObject({ status: "open", resolved_at: null, resolved_by: null });
  });

  it("refuses a status other than open or resolved with 400 and changes nothing; an unknown thread is 404", async () => {
    const s = await reviewSetup();
    const thread = await addComment(s.admin.api, s.block.id);
    for (const body of [{ status: "closed" }, {}, { status: null }])
      expectValidation(await s.admin.api.patch(`/comments/${thread.id}`, body), "status");
    expectNotFound(await s.admin.api.patch(`/comments/${NO_SUCH_ID}`, { status: "resolved" }));
    expect(await threadsOf(s.admin.api, s.course.id)).toEqual([thread]);
  });
});

describe("[COMMENTS] GET /courses/{courseId}/comments", () => {
  it("lists the course's threads oldest first with their replies, filtered by status and lesson, paged; another course's threads never appear", async () => {
    const s = await reviewSetup();
    const secondLesson = await createLesson(s.admin.api, s.module.id, { title: "Second lesson" });
    const secondBlock = await textBlock(s.admin.api, secondLesson.id, "Second");
    const other = await courseWithBlock(s.admin.api, s.projectId, "Elsewhere");
    const t1 = await addComment(s.author.api, s.block.id, { body: "one" });
    const t2 = await addComment(s.author.api, secondBlock.id, { body: "two" });
    const t3 = await addComment(s.author.api, s.block.id, { body: "three" });
    const elsewhere = await addComment(s.author.api, other.block.id, { body: "elsewhere" });
    for (const [i, t] of [t1, t2, t3, elsewhere].entries()) await backdateThread(t.id, 10 - i);
    await replyTo(s.author.api, t1.id, { body: "reply to one" });
    expectStatus(await s.author.api.patch(`/comments/${t2.id}`, { status: "resolved" }), 200);

    const ids = async (query = "") => (await threadsOf(s.admin.api, s.course.id, query)).map((t) => t.id);
    expect(await ids()).toEqual([t1.id, t2.id, t3.id]);
    expect(await ids("?status=open")).toEqual([t1.id, t3.id]);
    expect(await ids("?status=resolved")).toEqual([t2.id]);
    expect(await ids(`?lesson_id=${s.lesson.id}`)).toEqual([t1.id, t3.id]);
    expect(await ids(`?lesson_id=${secondLesson.id}&status=open`)).toEqual([]);
    expect((await threadsOf(s.admin.api, s.course.id))[0].replies.map((r: { body: string }) => r.body)).toEqual(["reply to one"]);
    expect(await walkIds(s.admin.api, `/courses/${s.course.id}/comments`, "comments")).toEqual([t1.id, t2.id, t3.id]);
    expect((await threadsOf(s.admin.api, other.course.id)).map((t) => t.id)).toEqual([elsewhere.id]);

    expectValidation(await s.admin.api.get(`/courses/${s.course.id}/comments?status=closed`), "status");
    expectValidation(await s.admin.api.get(`/courses/${s.course.id}/comments?lesson_id=nope`), "lesson_id");
    expectNotFound(await s.admin.api.get(`/courses/${NO_SUCH_ID}/comments`));
  });
});

describe("[COMMENTS] who may comment", () => {
  it("a learner gets 404 on every comment endpoint, even on a published course they read, and nothing is stored or changed", async () => {
    const s = await reviewSetup();
    expectStatus(await s.admin.api.post(`/courses/${s.course.id}/publish`), 200);
    // The learner reads the block as learners do…
    expectStatus(await s.learner.api.get(`/blocks/${s.block.id}`), 200);
    const thread = await addComment(s.admin.api, s.block.id, { body: "Members only" });
    // …but threads are the course's authors' business.
    expectNotFound(await s.learner.api.get(`/courses/${s.course.id}/comments`));
    expectNotFound(await s.learner.api.post(`/blocks/${s.block.id}/comments`, { body: "Me too" }));
    expectNotFound(await s.learner.api.post(`/comments/${thread.id}/replies`, { body: "Me too" }));
    expectNotFound(await s.learner.api.patch(`/comments/${thread.id}`, { status: "resolved" }));
    expect(await storedThreads(s.course.id)).toBe(1);
    expect(await threadsOf(s.admin.api, s.course.id)).toEqual([thread]);
  });

  it("a user of another workspace gets 404 for the course, the block and the thread, even with a team of their own, and nothing is stored", async () => {
    const s = await reviewSetup();
    const stranger = await newUser(server);
    await teamWorkspace(stranger);
    const thread = await addComment(s.admin.api, s.block.id);
    expectNotFound(await stranger.api.get(`/courses/${s.course.id}/comments`));
    expectNotFound(await stranger.api.post(`/blocks/${s.block.id}/comments`, { body: "Hi" }));
    expectNotFound(await stranger.api.post(`/comments/${thread.id}/replies`, { body: "Hi" }));
    expectNotFound(await stranger.api.patch(`/comments/${thread.id}`, { status: "resolved" }));
    expect(await threadsOf(s.admin.api, s.course.id)).toEqual([thread]);
    expect(await storedReplies(thread.id)).toBe(0);
  });

  it("no key is 401", async () => {
    const s = await reviewSetup();
    const anonymous = apiClient(authoringUrl(server));
    expectStatus(await anonymous.post(`/blocks/${s.block.id}/comments`, { body: "Hi" }), 401);
    expectStatus(await anonymous.get(`/courses/${s.course.id}/comments`), 401);
    expect(await storedThreads(s.course.id)).toBe(0);
  });
});

describe("[COMMENTS] a thread outlives its block", () => {
  it("keeps the block's text as it was when the thread began, and stays listed with block_deleted once the block or its lesson is deleted", async () => {
    const s = await reviewSetup();
    const block = await textBlock(s.admin.api, s.lesson.id, "The original words");
    const thread = await addComment(s.author.api, block.id, { body: "Reword this" });
    expectStatus(await s.admin.api.patch(`/blocks/${block.id}`, { content: { body: "Reworded" } }), 200);
    expect((await threadsOf(s.admin.api, s.course.id))[0].block_text).toBe("The original words");

    expectStatus(await s.admin.api.delete(`/blocks/${block.id}`), 200);
    const [listed] = await threadsOf(s.admin.api, s.course.id);
    expect(listed).toMatchObject({ id: thread.id, block_id: block.id, block_deleted: true, block_text: "The original words" });
    // The block in the trash takes no new threads; its thread takes replies.
    expectNotFound(await s.author.api.post(`/blocks/${block.id}/comments`, { body: "Gone?" }));
    await replyTo(s.author.api, thread.id, { body: "It was deleted" });

    expectStatus(await s.admin.api.post(`/projects/${s.projectId}/trash/restore`, { kind: "block", id: block.id }), 200);
    expect((await threadsOf(s.admin.api, s.course.id))[0].block_deleted).toBe(false);

    expectStatus(await s.admin.api.delete(`/lessons/${s.lesson.id}`), 200);
    const afterLesson = await threadsOf(s.admin.api, s.course.id);
    expect(afterLesson.map((t) => [t.id, t.block_deleted, t.block_text])).toEqual([[thread.id, true, "The original words"]]);
    expect(afterLesson[0].replies).toHaveLength(1);
  });
});

// ---- Mentions ------------------------------------------------------------------------------------

async function mentionMails(email: string) {
  const db = await getDb();
  return db.outboxMail.findMany({ where: { toAddress: email.toLowerCase(), kind: "comment_mention" }, orderBy: { createdAt: "asc" } });
}

describe("[MENTIONS] mentions in comments and replies", () => {
  it("mails each mentioned member once, through the outbox, with a link to the thread; never the comment's own author", async () => {
    const s = await reviewSetup();
    const secondAuthor = await newUser(server);
    await setWorkspaceMember(await getDb(), { workspaceId: s.workspace.id, userId: secondAuthor.user.id, role: "author" });
    const thread = await addComment(s.authorInBrowser, s.block.id, {
      body: "Could you both look at this?",
      mentions: [s.admin.user.id, secondAuthor.user.id, s.admin.user.id, s.author.user.id],
    });
    const [toAdmin] = await mentionMails(s.admin.user.email);
    expect(await mentionMails(s.admin.user.email)).toHaveLength(1);
    expect(await mentionMails(secondAuthor.user.email)).toHaveLength(1);
    expect(await mentionMails(s.author.user.email)).toEqual([]);
    expect(toAdmin.subject).toBe(`${s.author.user.name} mentioned you in "Course"`);
    expect(toAdmin.link).toContain(`/lessons/${s.lesson.id}?thread=${thread.id}`);
    expect(toAdmin.textBody).toContain("Could you both look at this?");
    expect(toAdmin.status).toBe("pending");

    // A reply that mentions someone is a mail of its own; an agent's is named by its key.
    await replyTo(s.admin.api, thread.id, { body: "Over to you", mentions: [s.author.user.id] });
    const toAuthor = await mentionMails(s.author.user.email);
    expect(toAuthor.map((m) => m.subject)).toEqual(['test key mentioned you in "Course"']);
    expect(await mentionMails(s.admin.user.email)).toHaveLength(1);
    // A comment without mentions mails no one.
    await addComment(s.authorInBrowser, s.block.id, { body: "Quiet remark" });
    expect(await mentionMails(s.admin.user.email)).toHaveLength(1);
    expect(await mentionMails(secondAuthor.user.email)).toHaveLength(1);
  });

  it("mails no unverified address and no member who turned mentions off; the comment is stored all the same", async () => {
    const s = await reviewSetup();
    const db = await getDb();
    await db.user.update({ where: { id: s.admin.user.id }, data: { emailVerifiedAt: null } });
    const quiet = await newUser(server);
    await setWorkspaceMember(db, { workspaceId: s.workspace.id, userId: quiet.user.id, role: "author" });
    const settings = await apiClient(`${server.url}/api`, quiet.key).put("/account/notifications", { comment_mention: false });
    expectStatus(settings, 200);
    expect(settings.body.comment_mention).toBe(false);
    const thread = await addComment(s.author.api, s.block.id, { body: "FYI", mentions: [s.admin.user.id, quiet.user.id] });
    expect(await mentionMails(s.admin.user.email)).toEqual([]);
    expect(await mentionMails(quiet.user.email)).toEqual([]);
    expect((await threadsOf(s.author.api, s.course.id)).map((t) => t.id)).toEqual([thread.id]);
  });

  it("refuses a mention of a learner, who cannot open the thread: 400 naming mentions, nothing stored or mailed", async () => {
    const s = await reviewSetup();
    const res = await s.author.api.post(`/blocks/${s.block.id}/comments`, { body: "FYI", mentions: [s.learner.user.id] });
    expectValidation(res, "mentions");
    expect(res.body.details.issues[0].message).toContain(s.learner.user.id);
    expect(await storedThreads(s.course.id)).toBe(0);
    expect(await mentionMails(s.learner.user.email)).toEqual([]);
  });

  it("refuses a mention of anyone not in the course's workspace with 400 naming mentions, storing no thread or reply and mailing no one", async () => {
    const s = await reviewSetup();
    const stranger = await newUser(server);
    const before = await getDb().then((db) => db.outboxMail.count());
    for (const mentions of [[stranger.user.id], [s.admin.user.id, NO_SUCH_ID]]) {
      const res = await s.author.api.post(`/blocks/${s.block.id}/comments`, { body: "Look", mentions });
      expectValidation(res, "mentions");
      expect(res.body.details.issues[0].message).toContain(mentions.at(-1));
    }
    expectValidation(await s.author.api.post(`/blocks/${s.block.id}/comments`, { body: "Look", mentions: ["not-a-uuid"] }), "mentions.0");
    expect(await storedThreads(s.course.id)).toBe(0);
    const thread = await addComment(s.author.api, s.block.id);
    expectValidation(await s.author.api.post(`/comments/${thread.id}/replies`, { body: "Look", mentions: [stranger.user.id] }), "mentions");
    expect(await storedReplies(thread.id)).toBe(0);
    expect(await getDb().then((db) => db.outboxMail.count())).toBe(before);
    expect(await mentionMails(s.admin.user.email)).toEqual([]);
  });
});
