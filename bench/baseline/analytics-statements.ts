// The physical floor of the analytics (issue 42, bench/analytics.mjs): the very statements the app
// sends for course analytics, item analysis and a company's pipeline, built by the app's own
// builders (lib/authoring/analytics/analytics-sql.ts, lib/proposals/pipeline) and printed as JSON ({text, values} with $n
// placeholders), so that the floor runs the same SQL on bare node and pg. Run with tsx:
//   node --import tsx bench/baseline/analytics-statements.ts '{"lessonIds":[...],"quizId":"...","questionIds":[...]}'
import { dateRange } from "@/lib/api/date-range";
import { itemFigures, progressFigures, quizFigures } from "@/lib/authoring/analytics/analytics-sql";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { pipelineSql, type PipelineCompany } from "@/lib/proposals/pipeline/get-pipeline";

const { lessonIds, quizId, questionIds, company } = JSON.parse(process.argv[2]) as {
  lessonIds: string[];
  quizId: string;
  questionIds: string[];
  company?: PipelineCompany;
};

/** A database that keeps the statement it is given and answers an empty aggregate: the builders run, nothing is read. */
function recorder() {
  let statement: { text: string; values: unknown[] } | null = null;
  const db = {
    $queryRaw: async (strings: TemplateStringsArray, ...values: unknown[]) => {
      const sql = Prisma.sql(strings, ...values);
      statement = { text: sql.text, values: sql.values.map((v) => (v instanceof Date ? v.toISOString() : v)) };
      return [{ lessons: "[]", items: "[]", choices: "[]", histogram: "{}", attempts: 0 }];
    },
  } as unknown as Tx;
  return { db, take: () => statement! };
}

const range = dateRange({});
const statements: Record<string, { text: string; values: unknown[] }[]> = {};
for (const mode of ["first", "all"] as const) {
  const course = recorder();
  await progressFigures(course.db, lessonIds, range);
  const progress = course.take();
  await quizFigures(course.db, [quizId], { range, mode, passMark: 70 });
  statements[`course_${mode}`] = [progress, course.take()];
  const items = recorder();
  await itemFigures(items.db, quizId, questionIds, mode);
  statements[`items_${mode}`] = [items.take()];
}
if (company) {
  // The pipeline's default: the last 365 days by month, no filters; the clock in whole seconds, as the app's.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const sql = pipelineSql(company, dateRange({}, now), "month", {}, now);
  statements.pipeline = [{ text: sql.text, values: sql.values.map((v) => (v instanceof Date ? v.toISOString() : v)) }];
}
console.log(JSON.stringify(statements));
