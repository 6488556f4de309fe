import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb, onStatement } from "@/lib/db/client";
import { createBlock, createCategory, createQuestion, createQuestionAndQuiz, createTree, newUser, quizAttempts } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { createDraft, seedCompanyMember, seedContact, seedPricedItem } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  let counting = true;
  await onStatement((e) => {
    if (counting) seen.push(e.query);
  });
  await fn();
  counting = false;
  return seen;
}

it("[STATEMENTS] GET /blocks/{id} with a key is one SQL statement, with or without a question, and never reads a password hash", async () => {
  const { api } = await newUser(server);
  const tree = await createTree(api);
  const category = await createCategory(api, tree.project.id, "C");
  const question = await createQuestion(api, tree.project.id, {
    category_id: category.id,
    prompt: "Q?",
    question_type: "true_false",
    difficulty: 1,
    options: [
      { label: "Yes", is_correct: true },
      { label: "No", is_correct: false },
    ],
  });
  const questionBlock = await createBlock(api, tree.lesson.id, { type: "question", question_id: question.id, question_role: "practice" });
  // The key's last use is written at most once a minute; this request takes that write.
  await api.get(`/blocks/${tree.block.id}`);

  for (const id of [tree.block.id, questionBlock.id]) {
    const sql = await statementsDuring(async () => {
      const res = await api.get(`/blocks/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(id);
    });
    // The key, the caller's access and the block's JSON, together.
    expect(sql.length, sql.join("\n")).toBe(1);
    expect(sql.join("\n")).not.toContain("password_hash");
  }
  const withOptions = await api.get(`/blocks/${questionBlock.id}`);
  expect(withOptions.body.question.options.map((o: { label: string }) => o.label)).toEqual(["Yes", "No"]);
});

it("[STATEMENTS] a project tree or outline already in the cache, and its 304, is one statement with a key", async () => {
  const { api } = await newUser(server);
  const tree = await createTree(api);
  for (const path of [`/projects/${tree.project.id}`, `/projects/${tree.project.id}/outline`]) {
    const first = await api.get(path);
    expect(first.status).toBe(200);
    const warm = await statementsDuring(async () => {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first.body);
    });
    // The key, the caller's access and the project's version, together; the body comes from the cache.
    expect(warm.length, warm.join("\n")).toBe(1);
    const notModified = await statementsDuring(async () => {
      expect((await api.get(path, { "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    });
    expect(notModified.length, notModified.join("\n")).toBe(1);
  }
});

it("[STATEMENTS] a quiz submission with a key is two statements: the key with the quiz's access and scoring key, then the attempt with its audit event", async () => {
  const { api, user } = await newUser(server);
  const tree = await createTree(api);
  const { question, quiz } = await createQuestionAndQuiz(api, tree.project.id);
  await api.get(`/quizzes/${quiz.id}`); // takes the key's once-a-minute last-use write
  const answers = [{ question_id: question.id, selected_option_ids: [question.options[0].id] }];
  let attemptId = "";
  const sql = await statementsDuring(async () => {
    const res = await api.post(`/quizzes/${quiz.id}/submit`, { answers });
    expect(res.status).toBe(201);
    expect(res.body.score_correct).toBe(1);
    attemptId = res.body.attempt_id;
  });
  expect(sql.length, sql.join("\n")).toBe(2);
  expect(sql.join("\n")).not.toMatch(/\b(BEGIN|COMMIT)\b/);
  // Both rows were written, and the event names who submitted, how and which quiz.
  expect((await quizAttempts(quiz.id)).map((a) => a.id)).toEqual([attemptId]);
  const events = await (await getDb()).auditEvent.findMany({ where: { operation: "submit_quiz", targetId: quiz.id } });
  expect(events).toMatchObject([{ actorUserId: user.id, via: "api", apiKeyName: expect.any(String) }]);
});

/** The statements sent from the one that locks the parent row to the commit: what every other writer of that parent waits for. */
function underLock(sql: string[]) {
  const lock = sql.findIndex((s) => /UPDATE "(lessons|modules)" SET children_version = children_version \+ 1/.test(s));
  expect(lock, sql.join("\n")).toBeGreaterThan(0);
  return sql.slice(lock + 1);
}

it("[STATEMENTS] a block insert is one statement with its audit event; a move among siblings holds the parent's lock for 2 to 4 statements, however many siblings there are", async () => {
  const { api } = await newUser(server);
  const tree = await createTree(api);
  for (let i = 0; i < 20; i++) await createBlock(api, tree.lesson.id, { type: "text", content: { body: `b${i}` } });
  const lessons = [tree.lesson.id];
  for (let i = 0; i < 9; i++) lessons.push((await api.post(`/modules/${tree.module.id}/lessons`, { title: `L${i}` })).body.id);

  const insert = await statementsDuring(async () => {
    const res = await api.post(`/lessons/${tree.lesson.id}/blocks`, { type: "text", position: 5, content: { body: "new" } });
    expect(res.status).toBe(201);
    expect(res.body.position).toBe(5);
  });
  // Two statements: the key with the lesson's access (one read), then the write: the lesson's row
  // taken at the version read, the siblings counted and shifted, the block inserted, the event recorded.
  expect(insert, insert.join("\n")).toHaveLength(2);
  expect(insert[0]).toMatch(/FROM api_keys/);
  expect(insert.join("\n")).not.toMatch(/\b(BEGIN|COMMIT)\b/);
  const writes = insert.filter((s) => /\b(INSERT|UPDATE|DELETE)\b/.test(s));
  expect(writes, insert.join("\n")).toHaveLength(1);
  expect(writes[0]).toMatch(/UPDATE "lessons" SET children_version = children_version \+ 1/);
  expect(writes[0]).toMatch(/INSERT INTO blocks/);
  expect(writes[0]).toMatch(/INSERT INTO audit_events/);

  let moved: Record<string, unknown> = {};
  const move = await statementsDuring(async () => {
    const res = await api.patch(`/lessons/${lessons[8]}`, { position: 1 });
    expect(res.status).toBe(200);
    expect(res.body.position).toBe(1);
    moved = res.body;
  });
  // The tree's drag is two statements too: the key with the lesson's access, then one that takes
  // the module at its version, shifts, places and stamps the lesson, records the event and answers it.
  expect(move, move.join("\n")).toHaveLength(2);
  expect(move[0]).toMatch(/FROM api_keys/);
  expect(move[1]).toMatch(/UPDATE "modules" SET children_version = children_version \+ 1/);
  expect(move[1]).toMatch(/INSERT INTO audit_events/);
  // The answer is the lesson as a read finds it, with a new version.
  const read = (await api.get(`/lessons/${lessons[8]}`)).body;
  for (const field of ["id", "module_id", "title", "position", "published_at", "created_at", "updated_at"])
    expect(moved[field]).toEqual(read[field]);
  expect(Date.parse(moved.updated_at as string)).toBeGreaterThan(Date.parse(read.created_at));

  const blockMove = await statementsDuring(async () => {
    const res = await api.patch(`/blocks/${tree.block.id}`, { position: 15 });
    expect(res.status).toBe(200);
    expect(res.body.position).toBe(15);
  });
  // The editor's drag is one statement too: lesson taken at its version, shift, place, event.
  expect(blockMove.join("\n")).not.toMatch(/\b(BEGIN|COMMIT)\b/);
  const blockMoveWrites = blockMove.filter((s) => /\b(INSERT|UPDATE|DELETE)\b/.test(s));
  expect(blockMoveWrites, blockMove.join("\n")).toHaveLength(1);
  expect(blockMoveWrites[0]).toMatch(/INSERT INTO audit_events/);

  // A move with other changes keeps its transaction, and the lesson's lock for 2 to 4 statements.
  const moveAndEdit = await statementsDuring(async () => {
    const res = await api.patch(`/blocks/${tree.block.id}`, { position: 3, content: { body: "edited" } });
    expect(res.status).toBe(200);
    expect(res.body.position).toBe(3);
  });
  expect(underLock(moveAndEdit).length, moveAndEdit.join("\n")).toBeLessThanOrEqual(4);

  // And the siblings are still 0..n-1 in the order asked for.
  const { body } = await api.get(`/modules/${tree.module.id}/lessons?limit=100`);
  expect(body.lessons.map((l: { position: number }) => l.position)).toEqual([...Array(10).keys()]);
  expect(body.lessons[1].id).toBe(lessons[8]);
  const blocks = (await api.get(`/lessons/${tree.lesson.id}/blocks?limit=100`)).body.blocks;
  expect(blocks.map((b: { position: number }) => b.position)).toEqual([...Array(22).keys()]);
  expect(blocks[3].id).toBe(tree.block.id);
  expect(blocks.filter((b: { content: { body?: string } }) => b.content?.body === "new")).toHaveLength(1);
});

it("[STATEMENTS] a proposal PATCH of its blocks takes the same statements for 2 blocks and for 40, and reads the proposal back in one statement", async () => {
  const ann = await seedCompanyMember(server);
  const contact = await seedContact(ann.company.id);
  const items = [];
  for (let i = 0; i < 40; i++)
    items.push(await seedPricedItem({ companyId: ann.company.id, title: { en: `Item ${i}` }, price: 10 + i, taxRate: 25 }));
  const counts: number[] = [];
  for (const n of [2, 40]) {
    const blocks = items.slice(0, n).map((item, i) => ({ content_id: item.variationId, quantity: 1 + (i % 3) }));
    const uuid = await createDraft(ann, { recipient: { id: contact.id }, blocks });
    const body = { company_id: ann.company.id, blocks: blocks.map((b) => ({ ...b, quantity: b.quantity + 1 })) };
    // The key's last use is written at most once a minute: that write is not the PATCH's.
    await ann.api.get(`/v3/proposals/${uuid}`);
    const sql = await statementsDuring(async () => {
      const res = await ann.api.patch(`/v3/proposals/${uuid}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.blocks.map((b: { quantity: number }) => b.quantity)).toEqual(body.blocks.map((b) => b.quantity));
      expect(res.body.data.recipient_id).toBe(contact.id);
      expect(res.body.data.company_name).toBe(ann.company.name);
    });
    counts.push(sql.length);
  }
  // The key with the proposal's company, status and attachments and the caller's membership
  // (before the body is read); in the transaction the row lock with the columns a revision reads
  // and the library items named (images included), the update with its audit event, the proposal
  // read back with its company, people and series in one statement, the commit.
  expect(counts).toEqual([5, 5]);
});
