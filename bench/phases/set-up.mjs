// Phase 2 of `npm run bench`: the data (bench/README.md, Method, "Data"). The owner and their key
// through the app, bulk rows by set-based SQL (bench/data.mjs), proposals and the learner's lessons
// through the API.
import pg from "pg";
import { client, signUpOwner } from "../app.mjs";
import { insertProducts, insertQuiz, insertTree, prepareIds } from "../data.mjs";
import { insertExportCourse } from "../exports.mjs";
import { P, PARENTS, PROPOSALS_PER_SIZE, SEED, say } from "./context.mjs";

/** Everything the later phases name: the caller, the projects, trees, parents, quizzes, proposals, lessons. */
export async function setUpData(run) {
  const { app, dbUrl, rss } = run;
  const owner = await signUpOwner(app.base, SEED);
  const auth = { authorization: `Bearer ${owner.key}` };
  const api = client(app.base, auth);
  const session = client(app.base, { cookie: owner.cookie });
  const project = async (name) => {
    const id = (await api("POST", "/api/authoring/projects", { name, workspace_id: owner.workspaceId })).id;
    const categoryId = (await api("POST", `/api/authoring/projects/${id}/categories`, { name: "Bench" })).id;
    return { id, categoryId };
  };
  const [big, mid, small] = [await project("Bench 20,000 blocks"), await project("Bench 2,000 blocks"), await project("Bench lists")];
  // The physical floor's writes go to copies of the write workloads' lessons, modules and quizzes
  // in a project of their own: the app's runs and the floor's do not touch each other's rows.
  const floorWrites = await project("Bench writes, physical floor");
  // The app's write sets (about 21,000 lessons and 23,500 blocks) in a project of their own, so
  // the lists project, where the pages' lessons are, stays the size of a real one.
  const writes = await project("Bench writes");
  // The course the export phase packages (2,000 blocks), in a project of its own.
  const exportsProject = await project("Bench exports");
  const db = (run.db = new pg.Client({ connectionString: dbUrl }));
  db.on("error", () => {});
  await db.connect();
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  await prepareIds(q);
  say("bulk rows: 20,000 + 2,000 blocks, lists of 50 and 500, quizzes, 5,500 products");
  const tree = (p, prefix, shape) => insertTree(q, { projectId: p.id, categoryId: p.categoryId, prefix: `${SEED}:${prefix}`, ...shape });
  const t20k = await tree(big, "t20k", { courses: 20, modules: 10, lessons: 10, blocks: 10 });
  const t2k = await tree(mid, "t2k", { courses: 1, modules: 20, lessons: 10, blocks: 10 });
  const exportCourse = await insertExportCourse(q, { ...exportsProject, projectId: exportsProject.id, prefix: `${SEED}:exports` });
  const mods = { 500: await tree(small, "m500", { courses: 1, modules: 500, coursePosition: 0 }) };
  mods[50] = await tree(small, "m50", { courses: 1, modules: 50, coursePosition: 1 });
  // The write workloads spread over many parents, each with n children, as many authors editing
  // many lessons would: every request still writes among n siblings (their count grows by a few
  // per cent during a run), and the figure is the cost of a write, not the wait of 16 writers on
  // one parent, which the contract makes them take in turn. That wait is measured on its own
  // (`_one_parent`, below) on the first parent of each set.
  const lessons = { 500: await tree(writes, "l500", { courses: 1, modules: PARENTS.lessons[500], lessons: 500, coursePosition: 0 }) };
  lessons[50] = await tree(writes, "l50", { courses: 1, modules: PARENTS.lessons[50], lessons: 50, coursePosition: 1 });
  const blocks = {
    500: await tree(writes, "b500", { courses: 1, modules: 1, lessons: PARENTS.blocks[500], blocks: 500, coursePosition: 2 }),
  };
  blocks[50] = await tree(writes, "b50", { courses: 1, modules: 1, lessons: PARENTS.blocks[50], blocks: 50, coursePosition: 3 });
  // A lesson of ten blocks in the lists project: its question is the learner lesson's practice question.
  const practiceTree = await tree(small, "practice", { courses: 1, modules: 1, lessons: 1, blocks: 10, coursePosition: 2 });
  const quizzes = {
    50: await insertQuiz(q, { projectId: writes.id, lessonId: blocks[500].lessonId, prefix: `${SEED}:quiz50`, count: 50 }),
    10: await insertQuiz(q, { projectId: writes.id, lessonId: blocks[500].lessonId, prefix: `${SEED}:quiz10`, count: 10 }),
  };
  const fw = (prefix, shape, coursePosition) => tree(floorWrites, prefix, { courses: 1, coursePosition, ...shape });
  const blocksP = { 500: await fw("b500p", { modules: 1, lessons: PARENTS.blocks[500], blocks: 500 }, 0) };
  blocksP[50] = await fw("b50p", { modules: 1, lessons: PARENTS.blocks[50], blocks: 50 }, 1);
  const lessonsP = { 500: await fw("l500p", { modules: PARENTS.lessons[500], lessons: 500 }, 2) };
  lessonsP[50] = await fw("l50p", { modules: PARENTS.lessons[50], lessons: 50 }, 3);
  const quizzesP = {
    50: await insertQuiz(q, { projectId: floorWrites.id, lessonId: blocksP[500].lessonId, prefix: `${SEED}:quiz50p`, count: 50 }),
    10: await insertQuiz(q, { projectId: floorWrites.id, lessonId: blocksP[500].lessonId, prefix: `${SEED}:quiz10p`, count: 10 }),
  };
  // Each set's parents in order, and for the moves each module's lessons in order.
  const idsOf = async (sql, param) => (await q(sql, [param])).map((r) => r.id);
  const lessonsOf = async (moduleIds) => {
    const rows = await q("SELECT id, module_id FROM lessons WHERE module_id = ANY($1::uuid[]) ORDER BY position", [moduleIds]);
    return moduleIds.map((moduleId) => rows.filter((r) => r.module_id === moduleId).map((r) => r.id));
  };
  const blockLessons = {};
  const blockLessonsP = {};
  const lessonModules = {};
  const lessonModulesP = {};
  const lessonSets = {};
  const lessonSetsP = {};
  for (const n of [50, 500]) {
    blockLessons[n] = await idsOf("SELECT id FROM lessons WHERE module_id = $1 ORDER BY position", blocks[n].moduleId);
    blockLessonsP[n] = await idsOf("SELECT id FROM lessons WHERE module_id = $1 ORDER BY position", blocksP[n].moduleId);
    lessonModules[n] = await idsOf("SELECT id FROM modules WHERE course_id = $1 ORDER BY position", lessons[n].courseId);
    lessonModulesP[n] = await idsOf("SELECT id FROM modules WHERE course_id = $1 ORDER BY position", lessonsP[n].courseId);
    lessonSets[n] = await lessonsOf(lessonModules[n]);
    lessonSetsP[n] = await lessonsOf(lessonModulesP[n]);
  }
  // The first parent's lessons (the writes compared and counted below use them).
  const siblingLessons = { 50: lessonSets[50][0], 500: lessonSets[500][0] };
  const siblingLessonsP = { 50: lessonSetsP[50][0], 500: lessonSetsP[500][0] };
  const { companies, proposals } = await proposalData({ session, api, q, prefix: SEED });
  await q("ANALYZE");
  // The learner's lessons, through the app: one of text and a practice question, one with a diagram.
  const lessonText = "Benchmarks compare figures taken side by side in one run";
  const reading = await api("POST", `/api/authoring/projects/${small.id}/courses`, { title: "Reading" });
  const readingModule = await api("POST", `/api/authoring/courses/${reading.id}/modules`, { title: "Reading" });
  const plainLesson = await api("POST", `/api/authoring/modules/${readingModule.id}/lessons`, { title: "Plain lesson" });
  const diagramLesson = await api("POST", `/api/authoring/modules/${readingModule.id}/lessons`, { title: "Lesson with a diagram" });
  for (const lesson of [plainLesson, diagramLesson]) {
    for (let i = 0; i < 3; i++) {
      const body = `${i === 0 ? "# Measuring\n\n" + lessonText + ".\n\n" : ""}Paragraph ${i + 1}: a figure alone says little; a ratio to a floor measured in the same run says how far there is to go.`;
      await api("POST", `/api/authoring/lessons/${lesson.id}/blocks`, { type: "text", content: { body } });
    }
  }
  const practice = (
    await q("SELECT question_id FROM blocks WHERE lesson_id = $1 AND question_id IS NOT NULL LIMIT 1", [practiceTree.lessonId])
  )[0];
  await api("POST", `/api/authoring/lessons/${plainLesson.id}/blocks`, {
    type: "question",
    question_id: practice.question_id,
    question_role: "practice",
  });
  await api("POST", `/api/authoring/lessons/${diagramLesson.id}/blocks`, {
    type: "diagram",
    content: { source: { type: "mermaid", code: "graph LR\n  Draft --> Published\n  Published --> Draft" }, caption: "States" },
  });
  await api("POST", `/api/authoring/courses/${reading.id}/publish`, {});
  for (const lesson of [plainLesson, diagramLesson]) await api("POST", `/api/authoring/lessons/${lesson.id}/publish`, {});
  say("data ready");
  P.rss_by_phase["start-up and data set-up"] = rss.phase();
  return {
    owner,
    auth,
    api,
    q,
    big,
    mid,
    small,
    t20k,
    t2k,
    mods,
    blocks,
    quizzes,
    blocksP,
    quizzesP,
    blockLessons,
    blockLessonsP,
    lessonModules,
    lessonModulesP,
    lessonSets,
    lessonSetsP,
    siblingLessons,
    siblingLessonsP,
    companies,
    proposals,
    lessonText,
    plainLesson,
    diagramLesson,
    exportCourse,
  };
}

/**
 * The proposal lines' data: companies through the app, their libraries by SQL (5,000 and 500
 * products), and PROPOSALS_PER_SIZE drafts of 100 and of 10 blocks through the app.
 */
export async function proposalData({ session, api, q, prefix }) {
  const companies = {};
  const proposals = {};
  for (const [products, blockCount] of [
    [5000, 100],
    [500, 10],
  ]) {
    const company = (await session("POST", "/api/proposals/v3/companies", { name: `Bench ${products}` })).data.id;
    const variations = await insertProducts(q, { companyId: company, prefix: `${prefix}:co${products}`, count: products });
    const blocks = variations.slice(0, blockCount).map((id, i) => ({ content_id: id, quantity: 1 + (i % 5) }));
    // As many drafts as connections: people edit their own proposals, not one between sixteen.
    const uuids = [];
    for (let i = 0; i < PROPOSALS_PER_SIZE; i++) {
      uuids.push((await api("POST", "/api/proposals/v3/proposals", { company_id: company, language: "en", blocks })).proposal.uuid);
    }
    companies[products] = company;
    proposals[blockCount] = { uuids, company, blocks };
  }
  return { companies, proposals };
}
