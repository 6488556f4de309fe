/**
 * Crash safety (issue 12, proof 3): the server is SIGKILLed in the middle of a burst of concurrent
 * writes of many kinds, started again on the same data, and then
 * - every write acknowledged (a 2xx answer received) before the kill is there, read through the API;
 * - no multi-row operation is half done, read in SQL: siblings keep positions 0..n-1, a delete takes
 *   its whole subtree in one batch or nothing, a new proposal version is a whole carried-over draft
 *   or absent, a bulk archive archived all its items or none, a content item has its variation and
 *   image, and every row a write made has that write's audit event beside it;
 * - the restart itself works: the embedded database's lock, left behind by the killed process,
 *   does not block it.
 *
 * The server is this file's own (port E2E_PORT+10, or CRASH_PORT), on the database the run uses:
 * embedded by default, PostgreSQL when TEST_DATABASE_URL is set. CRASH_ROUNDS=<n> runs more rounds
 * (3 by default); CRASH_SEED=<n> replays one run's choices (each run prints its seed).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { gradientPng } from "../../lib/seed/demo-images";
import { recordFigures } from "../../test/reliability-figures";
import { mulberry32 } from "../../test/seeded-random";
import { AppProcess, freshAppData, type Sql } from "../support/app-process";
import { signInViaApi, uniqueEmail } from "../support/helpers";
import { KeyApi, type Answer } from "../support/http";

const ROUNDS = Math.max(1, Math.floor(Number(process.env.CRASH_ROUNDS) || 3));
const SEED = Math.floor(Number(process.env.CRASH_SEED)) || randomBytes(4).readUInt32LE();
const PORT = Number(process.env.CRASH_PORT) || Number(process.env.E2E_PORT || 3100) + 10;
/** Requests in flight at once during a burst. */
const CONCURRENCY = 6;

// ---- Randomness that a seed replays ------------------------------------------------------------

function seeded(seed: number) {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const shuffle = <T>(items: T[]) => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return { int, shuffle };
}
type Random = ReturnType<typeof seeded>;

// ---- HTTP with an API key ------------------------------------------------------------------------

/** A user with an API key (made in the signed-in browser session, as keys are) and a company. */
async function newAccount(url: string) {
  const context = await playwrightRequest.newContext({ baseURL: url });
  try {
    const user = { email: uniqueEmail("crash"), password: `pw-${randomBytes(9).toString("base64url")}`, name: "Crash Tester" };
    const signUp = await context.post("/api/account/signup", { data: user });
    if (signUp.status() !== 202) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
    await signInViaApi(context, user);
    const created = await context.post("/api/authoring/api-keys", { data: { name: "crash" }, headers: { origin: url } });
    if (created.status() !== 201) throw new Error(`api key: ${created.status()} ${await created.text()}`);
    const { key } = await created.json();
    const api = new KeyApi(url, key);
    const company = (await api.ok("POST", "/api/proposals/v3/companies", { name: "Crash Co" })).data as { id: number };
    return { key, companyId: company.id };
  } finally {
    await context.dispose();
  }
}

// ---- What one round sets up before the burst -------------------------------------------------------

const tag = (what: string) => `${what} ${randomBytes(5).toString("hex")}`;
const A = "/api/authoring";
const P = "/api/proposals";

type Subtree = { root: string; courses: string[]; modules: string[]; lessons: string[]; blocks: string[] };

async function addLessons(api: KeyApi, moduleId: string, lessons: number, blocksEach: number, into: Subtree) {
  for (let l = 0; l < lessons; l++) {
    const lesson = await api.ok("POST", `${A}/modules/${moduleId}/lessons`, { title: tag("lesson") });
    into.lessons.push(lesson.id);
    for (let b = 0; b < blocksEach; b++) {
      const block = await api.ok("POST", `${A}/lessons/${lesson.id}/blocks`, { type: "text", content: { body: tag("block") } });
      into.blocks.push(block.id);
    }
  }
}

/** A course with `modules` modules of `lessons` lessons of `blocks` blocks; its ids, root first. */
async function courseTree(api: KeyApi, projectId: string, shape: { modules: number; lessons: number; blocks: number }, into?: Subtree) {
  const course = await api.ok("POST", `${A}/projects/${projectId}/courses`, { title: tag("course") });
  const tree: Subtree = into ?? { root: course.id, courses: [], modules: [], lessons: [], blocks: [] };
  tree.courses.push(course.id);
  for (let m = 0; m < shape.modules; m++) {
    const mod = await api.ok("POST", `${A}/courses/${course.id}/modules`, { title: tag("module") });
    tree.modules.push(mod.id);
    await addLessons(api, mod.id, shape.lessons, shape.blocks, tree);
  }
  return tree;
}

async function moduleTree(api: KeyApi, courseId: string): Promise<Subtree> {
  const mod = await api.ok("POST", `${A}/courses/${courseId}/modules`, { title: tag("module") });
  const tree: Subtree = { root: mod.id, courses: [], modules: [mod.id], lessons: [], blocks: [] };
  await addLessons(api, mod.id, 2, 2, tree);
  return tree;
}

async function projectTree(api: KeyApi): Promise<Subtree> {
  const project = await api.ok("POST", `${A}/projects`, { name: tag("project") });
  const tree: Subtree = { root: project.id, courses: [], modules: [], lessons: [], blocks: [] };
  await courseTree(api, project.id, { modules: 1, lessons: 2, blocks: 1 }, tree);
  return tree;
}

async function setUpProposals(api: KeyApi, companyId: number) {
  const image = (
    await api.upload(`${P}/v3/images`, {
      file: new File([new Uint8Array(gradientPng(8, 8, [0, 0, 0], [255, 255, 255]))], "item.png", { type: "image/png" }),
      company_id: String(companyId),
    })
  ).data as { uuid: string };
  const newItem = async () =>
    (await api.ok("POST", `${P}/v3/content`, { company_id: companyId, language: "en", title: tag("item"), images: [{ uuid: image.uuid }] }))
      .data as { product_id: number; variation_id: number };
  const item = await newItem();
  const archiveGroups: number[][] = [];
  for (let g = 0; g < 2; g++)
    archiveGroups.push([(await newItem()).product_id, (await newItem()).product_id, (await newItem()).product_id]);
  const sent: { uuid: string; description: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const description = tag("description");
    const created = await api.ok("POST", `${P}/v3/proposals`, {
      company_id: companyId,
      language: "en",
      title_md: tag("proposal"),
      description_md: description,
      recipient: { first_name: "Cora", email: `cora-${randomBytes(3).toString("hex")}@customer.example` },
      blocks: [{ content_id: item.variation_id }],
    });
    await api.ok("POST", `${P}/v3/proposals/${created.proposal.uuid}/send`);
    sent.push({ uuid: created.proposal.uuid, description });
  }
  return { image, archiveGroups, sent };
}

async function setUpRound(api: KeyApi, companyId: number) {
  // Inserts and moves: a project with course C; module M1's lessons move to M2, whose lesson HOT
  // takes block inserts and moves while two of its blocks move to lesson OTHER.
  const project = await api.ok("POST", `${A}/projects`, { name: tag("project") });
  const course = await api.ok("POST", `${A}/projects/${project.id}/courses`, { title: tag("course") });
  const m1 = await api.ok("POST", `${A}/courses/${course.id}/modules`, { title: tag("module") });
  const m2 = await api.ok("POST", `${A}/courses/${course.id}/modules`, { title: tag("module") });
  const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));
  const newLesson = (moduleId: string) => async () =>
    (await api.ok("POST", `${A}/modules/${moduleId}/lessons`, { title: tag("lesson") })).id;
  const newBlock = (lessonId: string) => async () =>
    (await api.ok("POST", `${A}/lessons/${lessonId}/blocks`, { type: "text", content: { body: tag("block") } })).id;
  const m1Lessons: string[] = await times(4, newLesson(m1.id));
  const [hot, other] = await times(2, newLesson(m2.id));
  const [hotBlocks] = await Promise.all([times(8, newBlock(hot)), newBlock(other)()]);

  // Deletes with children (modules of C, courses of another project, whole projects), and for the
  // proposals a library item on sent proposals and items to archive in groups: made side by side.
  const [doomedModules, doomedCourses, doomedProjects, proposals] = await Promise.all([
    Promise.all([moduleTree(api, course.id), moduleTree(api, course.id)]),
    api
      .ok("POST", `${A}/projects`, { name: tag("project") })
      .then((deletable) => Promise.all([0, 1, 2].map(() => courseTree(api, deletable.id, { modules: 2, lessons: 2, blocks: 1 })))),
    Promise.all([projectTree(api), projectTree(api)]),
    setUpProposals(api, companyId),
  ]);
  return { project, course, m1, m2, m1Lessons, hot, other, hotBlocks, doomedModules, doomedCourses, doomedProjects, ...proposals };
}
type Round = Awaited<ReturnType<typeof setUpRound>>;

// ---- The burst's operations ----------------------------------------------------------------------

type Op = {
  label: string;
  send: (api: KeyApi) => Promise<Answer>;
  /** After the restart, through the API: what an acknowledged answer promised is there (a problem, or null). */
  verify: (api: KeyApi, body: any) => Promise<string | null>;
  /** In SQL: the operation is whole or absent, and whole when acknowledged (a problem, or null). */
  whole?: (sql: Sql, acked: boolean, body: any) => Promise<string | null>;
};

const problem = (condition: boolean, message: string) => (condition ? null : message);

async function status(api: KeyApi, p: string) {
  return (await api.send("GET", p)).status;
}

/** At most one row with `tag` (SQL `where` on $1), and exactly the acknowledged one when acknowledged. */
function oneRow(table: string, where: string, value: string, idOf: (body: any) => string | number) {
  return async (sql: Sql, acked: boolean, body: any) => {
    const rows = await sql<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE ${where}`, [value]);
    if (rows.length > 1) return `${rows.length} rows in ${table} for one create`;
    if (acked && rows[0]?.id !== String(idOf(body))) return `the acknowledged ${table} row ${idOf(body)} is missing`;
    return null;
  };
}

/** Every row of the subtree sits in the root's deletion batch, or none is deleted (and all are when acknowledged). */
function wholeDelete(table: string, tree: Subtree) {
  return async (sql: Sql, acked: boolean) => {
    const rows = await sql<{ id: string; batch: string | null }>(
      `SELECT id::text AS id, deletion_batch_id::text AS batch FROM projects WHERE id = ANY($1::uuid[])
       UNION ALL SELECT id::text, deletion_batch_id::text FROM courses WHERE id = ANY($1::uuid[])
       UNION ALL SELECT id::text, deletion_batch_id::text FROM modules WHERE id = ANY($1::uuid[])
       UNION ALL SELECT id::text, deletion_batch_id::text FROM lessons WHERE id = ANY($1::uuid[])
       UNION ALL SELECT id::text, deletion_batch_id::text FROM blocks WHERE id = ANY($1::uuid[])`,
      [[tree.root, ...tree.courses, ...tree.modules, ...tree.lessons, ...tree.blocks]],
    );
    const root = rows.find((r) => r.id === tree.root);
    const batches = new Set(rows.map((r) => r.batch));
    if (batches.size !== 1) return `deleting ${table} ${tree.root} is half done: ${JSON.stringify(rows)}`;
    if (acked && !root?.batch) return `the acknowledged delete of ${table} ${tree.root} is undone`;
    return null;
  };
}

function burstOps(round: Round, companyId: number, random: Random): Op[] {
  const ops: Op[] = [];
  const r = round;

  for (let i = 0; i < 4; i++) {
    const title = tag("course");
    ops.push({
      label: `insert course "${title}"`,
      send: (api) => api.send("POST", `${A}/projects/${r.project.id}/courses`, { title, position: random.int(0, 2) }),
      verify: async (api, body) => {
        const got = await api.send("GET", `${A}/courses/${body.id}`);
        return problem(got.status === 200 && got.body.title === title, `course ${body.id}: ${got.status}`);
      },
      whole: oneRow("courses", "title = $1", title, (b) => b.id),
    });
  }
  for (let i = 0; i < 3; i++) {
    const title = tag("module");
    ops.push({
      label: `insert module "${title}"`,
      send: (api) => api.send("POST", `${A}/courses/${r.course.id}/modules`, { title, position: 1 }),
      verify: async (api, body) => {
        const got = await api.send("GET", `${A}/modules/${body.id}`);
        return problem(got.status === 200 && got.body.course_id === r.course.id, `module ${body.id}: ${got.status}`);
      },
      whole: oneRow("modules", "title = $1", title, (b) => b.id),
    });
  }
  for (let i = 0; i < 3; i++) {
    const title = tag("lesson");
    ops.push({
      label: `insert lesson "${title}"`,
      send: (api) => api.send("POST", `${A}/modules/${r.m1.id}/lessons`, { title, position: 1 }),
      verify: async (api, body) => {
        const got = await api.send("GET", `${A}/lessons/${body.id}`);
        return problem(got.status === 200 && got.body.module_id === r.m1.id, `lesson ${body.id}: ${got.status}`);
      },
      whole: oneRow("lessons", "title = $1", title, (b) => b.id),
    });
  }
  for (let i = 0; i < 8; i++) {
    const text = tag("block");
    ops.push({
      label: `insert block "${text}"`,
      send: (api) =>
        api.send("POST", `${A}/lessons/${r.hot}/blocks`, { type: "text", content: { body: text }, position: random.int(0, 6) }),
      verify: async (api, body) => {
        const got = await api.send("GET", `${A}/blocks/${body.id}`);
        return problem(got.status === 200 && got.body.content?.body === text, `block ${body.id}: ${got.status}`);
      },
      whole: oneRow("blocks", "content->>'body' = $1", text, (b) => b.id),
    });
  }
  // Blocks 0 and 1 of HOT move to OTHER; the others move about within HOT.
  for (const blockId of r.hotBlocks.slice(0, 2)) {
    ops.push({
      label: `move block ${blockId} to another lesson`,
      send: (api) => api.send("PATCH", `${A}/blocks/${blockId}`, { lesson_id: r.other, position: 0 }),
      verify: async (api) => {
        const got = await api.send("GET", `${A}/blocks/${blockId}`);
        return problem(got.body?.lesson_id === r.other, `block ${blockId} is not in its new lesson`);
      },
    });
  }
  for (let i = 0; i < 8; i++) {
    const blockId = r.hotBlocks[random.int(2, r.hotBlocks.length - 1)];
    ops.push({
      label: `move block ${blockId} within its lesson`,
      send: (api) => api.send("PATCH", `${A}/blocks/${blockId}`, { position: random.int(0, 9) }),
      verify: async (api) => {
        const got = await api.send("GET", `${A}/blocks/${blockId}`);
        return problem(got.body?.lesson_id === r.hot, `block ${blockId} left its lesson`);
      },
    });
  }
  for (const lessonId of r.m1Lessons.slice(0, 3)) {
    ops.push({
      label: `move lesson ${lessonId} to another module`,
      send: (api) => api.send("PATCH", `${A}/lessons/${lessonId}`, { module_id: r.m2.id, position: random.int(0, 2) }),
      verify: async (api) => {
        const got = await api.send("GET", `${A}/lessons/${lessonId}`);
        return problem(got.body?.module_id === r.m2.id, `lesson ${lessonId} is not in its new module`);
      },
    });
  }
  const title = tag("renamed");
  ops.push({
    label: `rename module ${r.m1.id}`,
    send: (api) => api.send("PATCH", `${A}/modules/${r.m1.id}`, { title }),
    verify: async (api) => problem((await api.send("GET", `${A}/modules/${r.m1.id}`)).body?.title === title, "the rename is lost"),
  });
  const deletes: [string, string, Subtree][] = [
    ...r.doomedModules.map((t) => ["module", `${A}/modules/${t.root}`, t] as [string, string, Subtree]),
    ...r.doomedCourses.map((t) => ["course", `${A}/courses/${t.root}`, t] as [string, string, Subtree]),
    ...r.doomedProjects.map((t) => ["project", `${A}/projects/${t.root}`, t] as [string, string, Subtree]),
  ];
  for (const [kind, p, tree] of deletes) {
    ops.push({
      label: `delete ${kind} ${tree.root} with its children`,
      send: (api) => api.send("DELETE", p),
      verify: async (api) => problem((await status(api, p)) === 404, `the deleted ${kind} ${tree.root} still reads`),
      whole: wholeDelete(kind, tree),
    });
  }
  for (let i = 0; i < 2; i++) {
    const projectName = tag("project");
    ops.push({
      label: `create project "${projectName}"`,
      send: (api) => api.send("POST", `${A}/projects`, { name: projectName }),
      verify: async (api, body) => problem((await api.send("GET", `${A}/projects/${body.id}`)).body?.name === projectName, "project lost"),
      whole: oneRow("projects", "name = $1", projectName, (b) => b.id),
    });
  }

  for (const source of r.sent) {
    const versionTitle = tag("version");
    ops.push({
      label: `new version of proposal ${source.uuid}`,
      send: (api) =>
        api.send("POST", `${P}/v3/proposals/${source.uuid}`, { company_id: companyId, language: "en", title_md: versionTitle }),
      verify: async (api, body) => {
        const got = await api.send("GET", `${P}/v3/proposals/${body.proposal.uuid}`);
        const d = got.body?.data;
        return problem(
          got.status === 200 &&
            d.title_md === versionTitle &&
            d.version === 2 &&
            d.description_md === source.description &&
            d.blocks.length === 1,
          `new version ${body.proposal.uuid}: ${got.status} ${JSON.stringify(d && { title: d.title_md, version: d.version })}`,
        );
      },
      whole: async (sql, acked, body) => {
        const drafts = await sql<{ id: string; title_md: string; description_md: string; blocks: unknown[]; version: number }>(
          `SELECT id::text AS id, title_md, description_md, blocks, version FROM proposals WHERE source_id = $1::uuid`,
          [source.uuid],
        );
        if (drafts.length > 1) return `${drafts.length} next-version drafts of ${source.uuid}`;
        const [d] = drafts;
        if (acked && d?.id !== body.proposal.uuid) return `the acknowledged version ${body.proposal.uuid} is missing`;
        if (d && !(d.title_md === versionTitle && d.description_md === source.description && d.blocks.length === 1 && d.version === 2)) {
          return `the next version of ${source.uuid} is half made: ${JSON.stringify(d)}`;
        }
        return null;
      },
    });
  }
  for (const group of r.archiveGroups) {
    ops.push({
      label: `bulk archive ${group.join(",")}`,
      send: (api) => api.send("DELETE", `${P}/v3/content?action=bulk`, { product_ids: group }),
      verify: async (api) => {
        const got = await api.send("GET", `${P}/v3/content?product_id=${group.join(",")}&include_archived=true`);
        const archived = (got.body?.data ?? []).filter((item: { is_archived: boolean }) => item.is_archived).length;
        return problem(archived === group.length, `${archived} of ${group.length} items archived`);
      },
      whole: async (sql, acked) => {
        const rows = await sql<{ archived: boolean }>(
          `SELECT archived_at IS NOT NULL AS archived FROM products WHERE id = ANY($1::int[])`,
          [group],
        );
        const archived = rows.filter((row) => row.archived).length;
        if (archived !== 0 && archived !== group.length) return `bulk archive of ${group} is half done: ${archived} of ${group.length}`;
        if (acked && archived === 0) return `the acknowledged bulk archive of ${group} is undone`;
        return null;
      },
    });
  }
  for (let i = 0; i < 3; i++) {
    const itemTitle = tag("item");
    ops.push({
      label: `create content item "${itemTitle}"`,
      send: (api) =>
        api.send("POST", `${P}/v3/content`, { company_id: companyId, language: "en", title: itemTitle, images: [{ uuid: r.image.uuid }] }),
      verify: async (api, body) => {
        const got = await api.send("GET", `${P}/v3/content?product_id=${body.data.product_id}`);
        const [found] = got.body?.data ?? [];
        return problem(found?.title?.en === itemTitle && found.images?.length === 1, `content item ${body.data.product_id}: ${got.status}`);
      },
      whole: oneRow("products", "title->>'en' = $1", itemTitle, (b) => b.data.product_id),
    });
  }
  for (let i = 0; i < 3; i++) {
    const proposalTitle = tag("proposal");
    ops.push({
      label: `create proposal "${proposalTitle}"`,
      send: (api) => api.send("POST", `${P}/v3/proposals`, { company_id: companyId, language: "en", title_md: proposalTitle }),
      verify: async (api, body) => {
        const got = await api.send("GET", `${P}/v3/proposals/${body.proposal.uuid}`);
        return problem(got.status === 200 && got.body.data.title_md === proposalTitle, `proposal ${body.proposal.uuid}: ${got.status}`);
      },
      whole: oneRow("proposals", "title_md = $1", proposalTitle, (b) => b.proposal.uuid),
    });
  }
  return random.shuffle(ops);
}

// ---- The burst and the kill ----------------------------------------------------------------------

type Outcome = { op: Op; state: "acked" | "refused" | "cut" | "unsent"; answer?: Answer; error?: string };

/**
 * Sends the operations, `CONCURRENCY` at a time, and SIGKILLs the server at a random point once
 * some have been acknowledged. A 2xx answer is an acknowledgement, whenever it is read: the server
 * sent it before it died. A request without an answer was in flight (or refused a connection).
 */
async function burstAndKill(server: AppProcess, api: KeyApi, ops: Op[], random: Random) {
  const killAfterAcks = random.int(3, Math.floor(ops.length * 0.75));
  const extraDelayMs = random.int(0, 25);
  const outcomes: Outcome[] = ops.map((op) => ({ op, state: "unsent" }));
  let acked = 0;
  let dead = false;
  let killing: Promise<void> | undefined;
  const kill = () =>
    (killing ??= new Promise<void>((resolve) => setTimeout(resolve, extraDelayMs)).then(() => ((dead = true), server.kill())));
  let next = 0;
  let inFlightAtKill = 0;
  let inFlight = 0;
  const worker = async () => {
    while (!dead && next < outcomes.length) {
      const outcome = outcomes[next++];
      inFlight++;
      try {
        outcome.answer = await outcome.op.send(api);
        outcome.state = outcome.answer.status >= 200 && outcome.answer.status <= 299 ? "acked" : "refused";
        if (outcome.state === "acked" && ++acked === killAfterAcks) {
          inFlightAtKill = inFlight - 1;
          void kill();
        }
      } catch (error) {
        outcome.state = "cut";
        outcome.error = (error as Error).message;
      } finally {
        inFlight--;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // Everything answered before the kill point: kill now (the round then tests a crash after a burst).
  await kill();
  return { outcomes, killAfterAcks, inFlightAtKill };
}

/** Runs `fn` on every item, `CONCURRENCY` at a time. */
async function inParallel<T>(items: T[], fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

// ---- What must hold in SQL whatever was cut off ------------------------------------------------

const SIBLINGS = [
  ["courses", "project_id", "projects"],
  ["modules", "course_id", "courses"],
  ["lessons", "module_id", "modules"],
  ["blocks", "lesson_id", "lessons"],
] as const;

async function structuralProblems(sql: Sql): Promise<string[]> {
  const problems: string[] = [];
  const report = (what: string, rows: unknown[]) => rows.length && problems.push(`${what}: ${JSON.stringify(rows.slice(0, 5))}`);
  for (const [table, parent, parentTable] of SIBLINGS) {
    report(
      `${table} whose positions among siblings are not 0..n-1`,
      await sql(
        `SELECT ${parent}::text AS parent, array_agg(position ORDER BY position) AS positions FROM ${table}
         WHERE deleted_at IS NULL GROUP BY ${parent}
         HAVING min(position) <> 0 OR max(position) <> count(*) - 1 OR count(DISTINCT position) <> count(*)`,
      ),
    );
    report(
      `${table} left undeleted under a deleted parent`,
      await sql(
        `SELECT c.id::text AS id FROM ${table} c JOIN ${parentTable} p ON p.id = c.${parent}
         WHERE c.deleted_at IS NULL AND p.deleted_at IS NOT NULL`,
      ),
    );
  }
  for (const table of ["projects", "courses", "modules", "lessons", "blocks"]) {
    report(
      `${table} deleted outside an open deletion batch`,
      await sql(
        `SELECT id::text AS id FROM ${table} t WHERE deleted_at IS NOT NULL AND NOT EXISTS
         (SELECT 1 FROM deletion_batches b WHERE b.id = t.deletion_batch_id AND b.restored_at IS NULL)`,
      ),
    );
    // The write and its audit event commit together.
    report(
      `${table} rows without the audit event of the write that made them`,
      await sql(
        `SELECT id::text AS id FROM ${table} t WHERE NOT EXISTS
         (SELECT 1 FROM audit_events a WHERE a.target_id = t.id::text AND a.operation = $1)`,
        [`create_${table.slice(0, -1)}`],
      ),
    );
  }
  report(
    "deletion batches whose root is not deleted in them, or without the delete's audit event",
    await sql(
      `SELECT b.id::text AS id, b.root_kind FROM deletion_batches b
       WHERE b.restored_at IS NULL AND (
         NOT EXISTS (SELECT 1 FROM audit_events a WHERE a.target_id = b.root_id::text AND a.operation = 'delete_' || b.root_kind)
         OR NOT EXISTS (
           SELECT 1 FROM (SELECT id, deletion_batch_id FROM projects UNION ALL SELECT id, deletion_batch_id FROM courses
             UNION ALL SELECT id, deletion_batch_id FROM modules UNION ALL SELECT id, deletion_batch_id FROM lessons
             UNION ALL SELECT id, deletion_batch_id FROM blocks) r
           WHERE r.id = b.root_id AND r.deletion_batch_id = b.id))`,
    ),
  );
  report(
    "content items without their variation or image",
    await sql(
      `SELECT p.id FROM products p WHERE NOT EXISTS (SELECT 1 FROM variations v WHERE v.product_id = p.id)
       OR NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)`,
    ),
  );
  report(
    "proposals without the audit event of the write that made them",
    await sql(
      `SELECT id::text AS id FROM proposals p WHERE NOT EXISTS (SELECT 1 FROM audit_events a WHERE a.target_id = p.id::text
       AND a.operation = CASE WHEN p.source_id IS NULL THEN 'create_proposal' ELSE 'create_proposal_version' END)`,
    ),
  );
  return problems;
}

// ---- The test ------------------------------------------------------------------------------------

/** faults: the kills in the middle of a burst (the idle kill before the SQL checks is not counted). */
const figures = { faults: 0, acknowledged: 0, verified: 0, lost: 0, halfDone: 0 };

test.afterAll(() =>
  recordFigures("crash-safety", {
    faults: figures.faults,
    writes_acknowledged: figures.acknowledged,
    writes_verified: figures.verified,
    lost: figures.lost,
    half_done: figures.halfDone,
  }),
);

test("[CRASH] a server killed mid-burst restarts on its data with every acknowledged write and no half-done operation", async () => {
  test.setTimeout(90_000 + ROUNDS * 60_000);
  const random = seeded(SEED);
  const data = await freshAppData("crash");
  const server = new AppProcess(data, PORT, {
    // This test is about crashes, not limits: one address signs up and sends every request.
    SIGN_UP_PER_ADDRESS: "100000",
    API_RATE_LIMIT: "1000000",
    API_RATE_LIMIT_PER_ADDRESS: "1000000",
  });
  console.log(`[crash] ${data.kind} database, ${ROUNDS} rounds, CRASH_SEED=${SEED}`);
  try {
    await server.start();
    const account = await newAccount(server.url);
    const api = new KeyApi(server.url, account.key);
    // Each round works on objects of its own, which later rounds do not touch: the SQL checks at
    // the end see every round's cut-off operations as the kill left them.
    const everyOutcome: Outcome[] = [];

    for (let roundNo = 1; roundNo <= ROUNDS; roundNo++) {
      let since = Date.now();
      const lap = () => {
        const ms = Date.now() - since;
        since = Date.now();
        return ms;
      };
      const round = await setUpRound(api, account.companyId);
      const setUpMs = lap();
      const ops = burstOps(round, account.companyId, random);
      const { outcomes, killAfterAcks, inFlightAtKill } = await burstAndKill(server, api, ops, random);
      const burstMs = lap();
      figures.faults++;
      everyOutcome.push(...outcomes);
      const count = (state: Outcome["state"]) => outcomes.filter((o) => o.state === state).length;
      console.log(
        `[crash] round ${roundNo}: set up in ${setUpMs} ms; killed after ${killAfterAcks} acknowledgements (${burstMs} ms) ` +
          `with ${inFlightAtKill} more in flight; ${count("acked")} acknowledged, ${count("cut")} cut off, ${count("unsent")} not sent`,
      );
      // Before the kill the server refused nothing: every operation here is one it accepts.
      expect(
        outcomes.filter((o) => o.state === "refused").map((o) => `${o.op.label}: ${o.answer!.status} ${JSON.stringify(o.answer!.body)}`),
      ).toEqual([]);

      if (data.kind === "embedded") {
        // The killed server could not remove its lock: the restart must take it over.
        expect(fs.existsSync(path.join(data.dataDir, "pglite.lock"))).toBe(true);
      }
      const restartMs = await server.start();
      lap();

      const lost: string[] = [];
      const acknowledged = outcomes.filter((o) => o.state === "acked");
      await inParallel(acknowledged, async (outcome) => {
        const missing = await outcome.op.verify(api, outcome.answer!.body);
        if (missing) lost.push(`${outcome.op.label}: ${missing}`);
      });
      figures.acknowledged += acknowledged.length;
      figures.verified += acknowledged.length - lost.length;
      figures.lost += lost.length;
      console.log(
        `[crash] round ${roundNo}: restarted in ${restartMs} ms; ${outcomes.length - count("unsent")} operations checked in ${lap()} ms`,
      );
      expect(lost, `acknowledged writes lost in round ${roundNo} (CRASH_SEED=${SEED})`).toEqual([]);
    }

    // SQL on the embedded database needs the server gone.
    await server.kill();
    const sqlStarted = Date.now();
    const halfDone = await data.withSql(async (sql) => {
      const found = await structuralProblems(sql);
      for (const outcome of everyOutcome) {
        const broken = await outcome.op.whole?.(sql, outcome.state === "acked", outcome.answer?.body);
        if (broken) found.push(`${outcome.op.label} (${outcome.state}): ${broken}`);
      }
      return found;
    });
    figures.halfDone += halfDone.length;
    console.log(`[crash] SQL checks of ${everyOutcome.length} operations in ${Date.now() - sqlStarted} ms`);
    expect(halfDone, `half-done operations (CRASH_SEED=${SEED})`).toEqual([]);
  } finally {
    await server.kill();
    await data.remove();
  }
});
