// Course analytics, item analysis and the pipeline at scale (issue 42; bench/README.md, 7 December):
// a course of 10 published lessons whose last places a quiz of 50 questions, 20,000 learners with
// progress and 100,000 attempts of that quiz (50 answers each), and a company with 50,000 sent
// proposals, seeded by set-based SQL. Each report is read through the app (GET
// /courses/{id}/analytics, GET /quizzes/{id}/item-analysis, first attempts and all, GET
// /v3/companies/{id}/pipeline by month) and, as its physical floor, the same statements (built by the app's own
// builders: bench/baseline/analytics-statements.ts) run on bare node and pg, in turn.
// `node bench/analytics.mjs` runs it alone on a database of its own.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { client, signUpOwner, startApp, withScratchDatabase } from "./app.mjs";
import { insertProducts, insertQuiz, insertTree, prepareIds } from "./data.mjs";
import { request, round } from "./load.mjs";

export const ANALYTICS_SCALE = { learners: 20_000, attempts: 100_000, questions: 50, lessons: 10, proposals: 50_000 };
/** Reads of each report, after the first (cold: the first time the app and the database run it). */
const RUNS = 5;

/**
 * The course, its quiz and its learners' work. Learner i opens the first 1 + (i mod 10) lessons
 * and completes all but the last of them (all ten for every third who reached the tenth); attempt
 * n is learner 1 + n mod 20,000's, over the last 300 days, each answer right with a chance that
 * grows with the learner's ability and the question's ease, so the items discriminate.
 */
export async function insertAnalyticsCourse(q, { projectId, categoryId, prefix, scale = ANALYTICS_SCALE }) {
  const { learners, attempts, questions, lessons } = scale;
  const tree = await insertTree(q, { projectId, categoryId, prefix, courses: 1, modules: 1, lessons, blocks: questions * 10 });
  const quiz = await insertQuiz(q, { projectId, lessonId: tree.lessonId, prefix: `${prefix}:quiz`, count: questions });
  const lessonIds = (await q(`SELECT id FROM lessons WHERE module_id = $1 ORDER BY position`, [tree.moduleId])).map((r) => r.id);
  await q(
    `INSERT INTO blocks (id, lesson_id, type, position, quiz_id, created_at, updated_at)
     VALUES (pg_temp.seeded_uuid($1 || ':quiz-block'), $2, 'quiz', 100000, $3, now(), now())`,
    [prefix, lessonIds.at(-1), quiz.quizId],
  );
  await q(
    `INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
     SELECT pg_temp.seeded_uuid($1 || ':learner:' || i), 'learner-' || i || '-' || left(md5($1), 8) || '@bench.test', 'Learner ' || i, '-', now(), now()
     FROM generate_series(1, $2::int) i`,
    [prefix, learners],
  );
  await q(
    `INSERT INTO lesson_progress (user_id, lesson_id, started_at, last_viewed_at, completed_at)
     SELECT pg_temp.seeded_uuid($1 || ':learner:' || i), l.id,
       now() - make_interval(days => 1 + i % 300) + make_interval(hours => l.n::int),
       now() - make_interval(days => 1 + i % 300) + make_interval(hours => l.n::int),
       CASE WHEN l.n < 1 + i % 10 OR (1 + i % 10 = 10 AND i % 3 = 0)
         THEN now() - make_interval(days => 1 + i % 300) + make_interval(hours => l.n::int, mins => 30) END
     FROM generate_series(1, $2::int) i
     JOIN unnest($3::uuid[]) WITH ORDINALITY AS l(id, n) ON l.n <= 1 + i % 10`,
    [prefix, learners, lessonIds],
  );
  await q(
    `WITH attempt AS (
       SELECT n, pg_temp.seeded_uuid($1 || ':attempt:' || n) AS id, pg_temp.seeded_uuid($1 || ':learner:' || (1 + n % $3::int)) AS user_id,
         ((1 + n % $3::int) * 7919 % 100) / 100.0 AS ability,
         now() - make_interval(days => 1 + n % 300, secs => n % 86400) AS created_at
       FROM generate_series(1, $2::int) n
     ), answer AS (
       SELECT a.*, k.i, k.question_id, k.right_option, k.wrong_option,
         (abs(hashint8(a.n::bigint * 64 + k.i)) % 1000) / 1000.0 < 0.15 + 0.5 * a.ability + 0.3 * ((k.i * 37) % 50) / 50.0 AS is_correct
       FROM attempt a CROSS JOIN unnest($4::uuid[], $5::uuid[], $6::uuid[]) WITH ORDINALITY AS k(question_id, right_option, wrong_option, i)
     )
     INSERT INTO quiz_attempts (id, quiz_id, user_id, score_correct, score_total, percentage, answers, created_at)
     SELECT id, $7::uuid, user_id, count(*) FILTER (WHERE is_correct), $8::int,
       100.0 * count(*) FILTER (WHERE is_correct) / $8::int,
       jsonb_agg(jsonb_build_object('question_id', question_id, 'is_correct', is_correct,
         'selected_option_ids', jsonb_build_array(CASE WHEN is_correct THEN right_option ELSE wrong_option END),
         'correct_option_ids', jsonb_build_array(right_option)) ORDER BY i),
       created_at
     FROM answer GROUP BY id, user_id, created_at`,
    [
      prefix,
      attempts,
      learners,
      quiz.questions.map((x) => x.id),
      quiz.questions.map((x) => x.right_option),
      quiz.questions.map((x) => x.wrong_option),
      quiz.quizId,
      questions,
    ],
  );
  await q(`ANALYZE quiz_attempts; ANALYZE lesson_progress; ANALYZE users`);
  return { courseId: tree.courseId, quizId: quiz.quizId, lessonIds, questionIds: quiz.questions.map((x) => x.id) };
}

/**
 * A company's pipeline: `count` proposals, each the one sent version of its series, copies of
 * `templateUuid` (made through the app, its blocks priced) sent over the last 400 days. A quarter
 * accepted and a seventh declined some days after sending, the rest awaiting an answer, a few
 * expiring in the next 14 days; seven in ten viewed. The accepted ones carry the value the app kept
 * when `templateUuid` was accepted through it (accepted_value_minor).
 */
export async function insertPipeline(q, { companyId, templateUuid, prefix, count = ANALYTICS_SCALE.proposals }) {
  await q(
    `INSERT INTO proposal_series (id, company_id, created_at)
     SELECT pg_temp.seeded_uuid($1 || ':series:' || i), $2::int, now() FROM generate_series(1, $3::int) i`,
    [prefix, companyId, count],
  );
  await q(
    `INSERT INTO proposals (id, series_id, company_id, version, status, language, title_md, creator_user_id, currency, blocks,
       tax_options, sent_at, status_changed_at, expires_at, recipient_first_viewed_at, accepted_value_minor, created_at, updated_at)
     SELECT pg_temp.seeded_uuid($1 || ':proposal:' || i), pg_temp.seeded_uuid($1 || ':series:' || i), $2::int, 1,
       (CASE WHEN i % 4 = 0 THEN 'accepted' WHEN i % 7 = 0 THEN 'rejected' ELSE 'active' END)::"ProposalStatus",
       'en', 'Proposal ' || i, t.creator_user_id, t.currency, t.blocks, t.tax_options,
       now() - make_interval(days => i % 400, secs => i % 86400),
       now() - make_interval(days => i % 400, secs => i % 86400) + CASE WHEN i % 4 = 0 OR i % 7 = 0 THEN make_interval(days => 1 + i % 20) ELSE '0'::interval END,
       now() - make_interval(days => i % 400) + make_interval(days => 30),
       CASE WHEN i % 10 < 7 THEN now() - make_interval(days => i % 400, secs => i % 86400) + interval '2 hours' END,
       CASE WHEN i % 4 = 0 THEN t.accepted_value_minor END,
       now() - make_interval(days => i % 400), now()
     FROM generate_series(1, $3::int) i, (SELECT * FROM proposals WHERE id = $4::uuid) t`,
    [prefix, companyId, count, templateUuid],
  );
  await q(`ANALYZE proposals`);
}

/** The statements the app sends for each report (course_first, course_all, items_first, items_all). */
function floorStatements(course) {
  const out = execFileSync(process.execPath, ["--import", "tsx", "bench/baseline/analytics-statements.ts", JSON.stringify(course)], {
    encoding: "utf8",
  });
  return JSON.parse(out);
}

const p50 = (times) => round([...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)], 0);

/**
 * The item analysis before the tally has run; then, once `startTally`'s instance (the app with
 * ANSWER_TALLY_MS set) has tallied every attempt, each report through the app and on its floor, in
 * turn: the first read of each (cold) and the p50 of RUNS more, with the attempts it counted.
 */
export async function measureAnalytics({ base, headers, dbUrl, course, startTally }) {
  const statements = floorStatements(course);
  // Connected as the app connects (lib/db/client.ts): without JIT, which took 2.0 s of the pipeline's 2.5 s.
  const floor = new pg.Client({ connectionString: dbUrl, options: "-c TimeZone=UTC -c jit=off" });
  await floor.connect();
  // Before the app's tally (ANSWER_TALLY_MS) has counted the seeded attempts: the item analysis
  // unnests every answer itself. Reported, no target: the tally runs within a minute of attempts.
  const untallied = {};
  for (const mode of ["first", "all"]) {
    const start = performance.now();
    const res = await request(`${base}/api/authoring/quizzes/${course.quizId}/item-analysis?attempts=${mode}`, { headers });
    if (res.status !== 200) throw new Error(`item analysis: ${res.status}`);
    untallied[`items_${mode}_ms`] = round(performance.now() - start, 0);
  }
  const tallyStart = performance.now();
  const tally = await startTally();
  for (;;) {
    const { rows } = await floor.query(`SELECT count(*)::int AS n FROM quiz_attempts WHERE tallied_at IS NULL`);
    if (rows[0].n === 0) break;
    if (performance.now() - tallyStart > 600_000) throw new Error(`the tally left ${rows[0].n} attempts after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  untallied.tally_seconds = round((performance.now() - tallyStart) / 1000, 1);
  await tally.stop();
  const reports = {
    course_first: `/api/authoring/courses/${course.courseId}/analytics?attempts=first`,
    course_all: `/api/authoring/courses/${course.courseId}/analytics?attempts=all`,
    items_first: `/api/authoring/quizzes/${course.quizId}/item-analysis?attempts=first`,
    items_all: `/api/authoring/quizzes/${course.quizId}/item-analysis?attempts=all`,
    ...(course.company ? { pipeline: `/api/proposals/v3/companies/${course.company.id}/pipeline?interval=month` } : {}),
  };
  const out = {};
  try {
    for (const [name, path] of Object.entries(reports)) {
      const app = [];
      const bare = [];
      let answer;
      for (let i = 0; i <= RUNS; i++) {
        let start = performance.now();
        const res = await request(base + path, { headers });
        app.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.toString().slice(0, 300)}`);
        answer = JSON.parse(res.body.toString());
        start = performance.now();
        for (const s of statements[name]) await floor.query(s.text, s.values);
        bare.push(performance.now() - start);
      }
      const counted =
        name === "pipeline"
          ? answer.data.series.reduce((sum, p) => sum + p.sent, 0)
          : name.startsWith("course")
            ? answer.quizzes[0]?.attempts
            : answer.attempts;
      out[name] = {
        cold_ms: round(app[0], 0),
        p50_ms: p50(app.slice(1)),
        floor_cold_ms: round(bare[0], 0),
        floor_p50_ms: p50(bare.slice(1)),
        app_over_floor: round(p50(app.slice(1)) / p50(bare.slice(1)), 2),
        counted: counted,
      };
    }
  } finally {
    await floor.end();
  }
  return { ...out, before_tally: untallied };
}

/**
 * The whole measurement on a database of its own (`npm run bench`'s analytics phase, or alone):
 * seeds it, reads each report through an app that does not tally, then tallies with a second.
 */
export async function runAnalytics({ log = console.log } = {}) {
  return withScratchDatabase("analytics", async ({ dbUrl, q }) => {
    // The app does not tally: a second instance does, started once the untallied reads are measured.
    const app = await startApp({ env: { DATABASE_URL: dbUrl, ANSWER_TALLY_MS: "0" } });
    try {
      const owner = await signUpOwner(app.base, 1);
      const headers = { authorization: `Bearer ${owner.key}` };
      const api = client(app.base, headers);
      const projectId = (await api("POST", "/api/authoring/projects", { name: "Analytics", workspace_id: owner.workspaceId })).id;
      const categoryId = (await api("POST", `/api/authoring/projects/${projectId}/categories`, { name: "Bench" })).id;
      await prepareIds(q);
      const at = performance.now();
      const course = await insertAnalyticsCourse(q, { projectId, categoryId, prefix: "analytics" });
      // The pipeline's company, its library and the proposal copied, through the app; the copies by SQL.
      const session = client(app.base, { cookie: owner.cookie });
      const companyId = (await session("POST", "/api/proposals/v3/companies", { name: "Bench pipeline" })).data.id;
      const variations = await insertProducts(q, { companyId, prefix: "analytics:products", count: 10 });
      const template = await api("POST", "/api/proposals/v3/proposals", {
        company_id: companyId,
        language: "en",
        blocks: variations.map((id, i) => ({ content_id: id, quantity: 1 + (i % 5) })),
      });
      // Sent and accepted through the app, so the copies accepted carry the value it keeps then.
      await api("POST", `/api/proposals/v3/proposals/${template.proposal.uuid}/send`, {});
      await api("POST", `/api/proposals/v3/proposals/${template.proposal.uuid}/accept`, {});
      await insertPipeline(q, { companyId, templateUuid: template.proposal.uuid, prefix: "analytics" });
      const [company] = await q(`SELECT id, currency, tax_mode AS "taxMode" FROM companies WHERE id = $1`, [companyId]);
      course.company = company;
      const seeded = round((performance.now() - at) / 1000, 1);
      log(`analytics: seeded in ${seeded} s`);
      const startTally = () => startApp({ env: { DATABASE_URL: dbUrl, ANSWER_TALLY_MS: "1000" }, name: "tally" });
      return { seeded_seconds: seeded, ...(await measureAnalytics({ base: app.base, headers, dbUrl, course, startTally })) };
    } finally {
      await app.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await runAnalytics(), null, 2));
}
