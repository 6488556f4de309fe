// The benchmark's bulk rows, written with set-based SQL. Every id and text derives from the seed
// (md5(seed:path)::uuid), so two runs with one seed hold the same data. `query(sql, params)`
// is a pg client's or PGlite's. The project, its owner and their key are made through the app.

const Q_EVERY = 10; // one block in ten is a question block, with its question and 4 options

/**
 * Run first on the connection: a uuid (version 4 layout, so the API's validation accepts it)
 * derived from a text by md5.
 */
export async function prepareIds(query) {
  await query(`CREATE OR REPLACE FUNCTION pg_temp.seeded_uuid(t text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (left(md5(t), 12) || '4' || substr(md5(t), 14, 3) || '8' || substr(md5(t), 18, 15))::uuid $$`);
}

/**
 * A tree of courses x modules x lessons x blocks in a project, courses from position
 * `coursePosition` on. Returns the ids of its first course, module, lesson and question block.
 */
export async function insertTree(
  query,
  { projectId, categoryId, prefix, courses, modules = 0, lessons = 0, blocks = 0, coursePosition = 0 },
) {
  const p = prefix;
  const uuid = (expr) => `pg_temp.seeded_uuid(${expr})`;
  const cId = uuid(`$1 || ':c:' || c`);
  const mId = uuid(`$1 || ':m:' || c || ':' || m`);
  const lId = uuid(`$1 || ':l:' || c || ':' || m || ':' || l`);
  const bKey = `$1 || ':b:' || c || ':' || m || ':' || l || ':' || b`;
  const qId = uuid(`$1 || ':q:' || c || ':' || m || ':' || l || ':' || b`);
  await query(
    `INSERT INTO courses (id, project_id, title, description, position, sources, published_at, created_at, updated_at)
     SELECT ${cId}, $2::uuid, 'Course ' || c, 'Benchmark course ' || c, $4::int + c - 1, '[]'::jsonb, now(), now(), now()
     FROM generate_series(1, $3::int) c`,
    [p, projectId, courses, coursePosition],
  );
  await query(
    `INSERT INTO modules (id, course_id, title, position, created_at, updated_at)
     SELECT ${mId}, ${cId}, 'Module ' || c || '.' || m, m - 1, now(), now()
     FROM generate_series(1, $2::int) c, generate_series(1, $3::int) m`,
    [p, courses, modules],
  );
  await query(
    `INSERT INTO lessons (id, module_id, title, position, published_at, created_at, updated_at)
     SELECT ${lId}, ${mId}, 'Lesson ' || c || '.' || m || '.' || l, l - 1, now(), now(), now()
     FROM generate_series(1, $2::int) c, generate_series(1, $3::int) m, generate_series(1, $4::int) l`,
    [p, courses, modules, lessons],
  );
  const grid = `generate_series(1, $2::int) c, generate_series(1, $3::int) m, generate_series(1, $4::int) l, generate_series(1, $5::int) b`;
  await query(
    `INSERT INTO questions (id, project_id, category_id, prompt, question_type, difficulty, created_at, updated_at)
     SELECT ${qId}, $6::uuid, $7::uuid, 'Which of these holds for item ' || c || '.' || m || '.' || l || '.' || b || '?',
       'single_choice'::"QuestionType", 1 + b % 3, now(), now()
     FROM ${grid} WHERE b % ${Q_EVERY} = 0`,
    [p, courses, modules, lessons, blocks, projectId, categoryId],
  );
  await query(
    `INSERT INTO question_options (id, question_id, label, sort_order, is_correct)
     SELECT pg_temp.seeded_uuid(q.id::text || ':o:' || o), q.id, 'Answer ' || o || ' (' || left(md5(q.id::text || o), 12) || ')', o - 1,
       o = 1 + ('x' || left(md5(q.id::text), 1))::bit(4)::int % 4
     FROM (SELECT ${qId} AS id FROM ${grid} WHERE b % ${Q_EVERY} = 0) q, generate_series(1, 4) o`,
    [p, courses, modules, lessons, blocks],
  );
  // Text blocks carry a paragraph of ~200 characters of seeded words.
  await query(
    `INSERT INTO blocks (id, lesson_id, type, position, content, question_role, question_id, created_at, updated_at)
     SELECT ${uuid(bKey)}, ${lId},
       CASE WHEN b % ${Q_EVERY} = 0 THEN 'question' ELSE 'text' END, b - 1,
       CASE WHEN b % ${Q_EVERY} = 0 THEN NULL
            ELSE jsonb_build_object('body', 'Paragraph ' || b || ' of lesson ' || c || '.' || m || '.' || l || ': ' ||
              translate(md5(${bKey}) || md5(${bKey} || 'a') || md5(${bKey} || 'b') || md5(${bKey} || 'c'), '0123456789', ' etaoinshr')) END,
       CASE WHEN b % ${Q_EVERY} = 0 THEN 'practice' END,
       CASE WHEN b % ${Q_EVERY} = 0 THEN ${qId} END,
       now(), now()
     FROM ${grid}`,
    [p, courses, modules, lessons, blocks],
  );
  const first = (
    await query(
      `SELECT pg_temp.seeded_uuid($1 || ':c:1') AS c, pg_temp.seeded_uuid($1 || ':m:1:1') AS m, pg_temp.seeded_uuid($1 || ':l:1:1:1') AS l`,
      [p],
    )
  )[0];
  return {
    courseId: first.c,
    moduleId: first.m,
    lessonId: first.l,
    questionBlockId: blocks >= Q_EVERY ? (await query(`SELECT pg_temp.seeded_uuid($1 || ':b:1:1:1:${Q_EVERY}') AS id`, [p]))[0].id : null,
    textBlockId: blocks >= 1 ? (await query(`SELECT pg_temp.seeded_uuid($1 || ':b:1:1:1:1') AS id`, [p]))[0].id : null,
  };
}

/** A quiz of the first `count` questions of the lesson's question blocks. */
export async function insertQuiz(query, { projectId, lessonId, prefix, count }) {
  const id = (await query(`SELECT pg_temp.seeded_uuid($1 || ':quiz') AS id`, [prefix]))[0].id;
  await query(`INSERT INTO quizzes (id, project_id, title, created_at, updated_at) VALUES ($1, $2, $3, now(), now())`, [
    id,
    projectId,
    `Quiz of ${count} questions`,
  ]);
  const questions = await query(
    `SELECT q.id, (SELECT o.id FROM question_options o WHERE o.question_id = q.id AND o.is_correct) AS right_option,
            (SELECT o.id FROM question_options o WHERE o.question_id = q.id AND NOT o.is_correct ORDER BY o.sort_order LIMIT 1) AS wrong_option
     FROM blocks b JOIN questions q ON q.id = b.question_id WHERE b.lesson_id = $1 ORDER BY b.position LIMIT $2`,
    [lessonId, count],
  );
  if (questions.length < count) throw new Error(`lesson ${lessonId} has ${questions.length} questions, ${count} wanted`);
  await query(
    `INSERT INTO quiz_questions (quiz_id, question_id, sort_order) SELECT $1, q, n - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS t(q, n)`,
    [id, questions.map((q) => q.id)],
  );
  return { quizId: id, questions };
}

/** `count` library products (each with its one variation) in a company; returns the first variation ids. */
export async function insertProducts(query, { companyId, prefix, count }) {
  await query(
    `INSERT INTO products (company_id, title, description, sources, price, tax_rate, unit, created_at, updated_at)
     SELECT $1::int, jsonb_build_object('en', 'Product ' || i), jsonb_build_object('en', 'Seeded product ' || md5($2 || i)),
       jsonb_build_object('integration', jsonb_build_object('uniqueId', $2 || '-' || i)), 10 + i % 490, 25, 'pcs',
       now() - make_interval(secs => $3::int - i), now()
     FROM generate_series(1, $3::int) i`,
    [companyId, prefix, count],
  );
  await query(
    `INSERT INTO variations (product_id, created_at)
     SELECT p.id, now() FROM products p WHERE p.company_id = $1 AND NOT EXISTS (SELECT 1 FROM variations v WHERE v.product_id = p.id)`,
    [companyId],
  );
  return (
    await query(`SELECT v.id FROM variations v JOIN products p ON p.id = v.product_id WHERE p.company_id = $1 ORDER BY v.id LIMIT 100`, [
      companyId,
    ])
  ).map((r) => r.id);
}
