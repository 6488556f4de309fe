import { z } from "zod";
import { IsoMoment } from "@/lib/api/date-range";
import { DateTime } from "@/lib/api/schemas";

/*
 * Course analytics and item analysis (issue 42): what learners did with a course and how each
 * question of a quiz works, for those who read the course's drafts.
 */

/** Which attempts count: each learner's first attempt at a quiz (the default), or every attempt. */
export const AttemptsMode = z
  .enum(["first", "all"])
  .default("first")
  .describe(
    "first: only each learner's first attempt at a quiz (first ever: one made before the range is not counted); all: every attempt",
  );
export type AttemptsModeValue = z.infer<typeof AttemptsMode>;

export const ReportFormat = z.enum(["json", "csv"]).optional().describe("csv: the table as text/csv (also asked with Accept: text/csv)");

/** Bands of the histogram: band i holds percentages in [10i, 10i+10), 100 % in the last. */
export const HISTOGRAM_BANDS = 10;

export const CourseAnalyticsQuery = z.object({
  from: IsoMoment.optional().describe("Start of the range, included (default: 365 days before `to`)"),
  to: IsoMoment.optional().describe("End of the range, not included (default: now)"),
  attempts: AttemptsMode,
  pass_mark: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(70)
    .describe("A counted attempt passes with a percentage of at least this, 0..100"),
  format: ReportFormat,
});
export type CourseAnalyticsQueryValue = z.infer<typeof CourseAnalyticsQuery>;

const Count = z.number().int().min(0);
const Share = z.number().min(0).max(1);

export const LessonFunnel = z
  .object({
    lesson_id: z.uuid(),
    title: z.string(),
    module_id: z.uuid(),
    module_title: z.string(),
    position: z.number().int().describe("The lesson's place in the course's reading order, 0..n-1 over all its published lessons"),
    started: Count.describe("Learners who first opened the lesson within the range"),
    completed: Count.describe("Learners who completed the lesson within the range"),
  })
  .meta({ id: "LessonFunnel" });

export const QuizOutcomes = z
  .object({
    quiz_id: z.uuid(),
    title: z.string(),
    lesson_id: z.uuid().describe("The first published lesson, in reading order, that holds the quiz"),
    attempts: Count.describe("Counted attempts made within the range"),
    learners: Count.describe("Learners with a counted attempt"),
    mean_percentage: z.number().min(0).max(100).nullable().describe("null without attempts"),
    pass_rate: Share.nullable().describe("Share of counted attempts with a percentage of at least pass_mark; null without attempts"),
    histogram: z
      .array(Count)
      .length(HISTOGRAM_BANDS)
      .describe("Counted attempts per band of 10 percentage points: [0,10), [10,20) … [90,100], 100 % in the last"),
  })
  .meta({ id: "QuizOutcomes" });

export const CourseAnalytics = z
  .object({
    range: z.object({ from: DateTime, to: DateTime }),
    attempts: z.enum(["first", "all"]),
    pass_mark: z.number().int().min(0).max(100),
    learners: z.object({
      started: Count.describe("Learners who first opened a lesson of the course within the range"),
      completed: Count.describe("Learners who completed every published lesson, the last of them within the range"),
      median_seconds_to_complete: z
        .number()
        .min(0)
        .nullable()
        .describe(
          "Median, over those who completed, of the time from opening their first lesson to completing their last; null when none did",
        ),
    }),
    lessons: z.array(LessonFunnel).describe("The course's published lessons in reading order"),
    quizzes: z.array(QuizOutcomes).describe("The quizzes placed in those lessons, in reading order"),
  })
  .meta({ id: "CourseAnalytics" });
export type CourseAnalyticsDto = z.infer<typeof CourseAnalytics>;

export const ItemAnalysisQuery = z.object({ attempts: AttemptsMode, format: ReportFormat });
export type ItemAnalysisQueryValue = z.infer<typeof ItemAnalysisQuery>;

export const ITEM_FLAGS = ["too_easy", "too_hard", "weak_discrimination"] as const;

export const OptionChoice = z
  .object({
    option_id: z.uuid(),
    label: z.string(),
    is_correct: z.boolean(),
    chosen_share: Share.describe("Share of the attempts answering the item that selected this option"),
  })
  .meta({ id: "OptionChoice" });

export const ItemStatistics = z
  .object({
    question_id: z.uuid(),
    prompt: z.string(),
    question_family_id: z.uuid().nullable(),
    question_family_name: z.string().nullable(),
    answered: Count.describe("Counted attempts that include the question"),
    facility: Share.nullable().describe("Share of those answered correctly; null when none"),
    discrimination: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .describe(
        "Corrected point-biserial: the correlation between the item (1 right, 0 wrong) and the attempt's score without it; null under 5 answers or without variance",
      ),
    flags: z
      .array(z.enum(ITEM_FLAGS))
      .describe("too_easy: facility above 0.9; too_hard: below 0.2; weak_discrimination: discrimination below 0.1"),
    options: z.array(OptionChoice),
  })
  .meta({ id: "ItemStatistics" });
export type ItemStatisticsDto = z.infer<typeof ItemStatistics>;

export const ItemAnalysis = z
  .object({
    attempts: Count.describe("Counted attempts at the quiz"),
    items: z.array(ItemStatistics).describe("The quiz's questions in quiz order"),
  })
  .meta({ id: "ItemAnalysis" });
export type ItemAnalysisDto = z.infer<typeof ItemAnalysis>;

export const QuestionInQuiz = z
  .object({
    quiz_id: z.uuid(),
    title: z.string(),
    attempts: Count.describe("Counted attempts at the quiz"),
    answered: Count.describe("Counted attempts at the quiz that include the question"),
    facility: Share.nullable(),
    discrimination: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .describe("Against the rest of this quiz's score; null under 5 answers or without variance"),
    flags: z.array(z.enum(ITEM_FLAGS)),
  })
  .meta({ id: "QuestionInQuiz" });

export const QuestionAnalysis = ItemStatistics.extend({
  answered: Count.describe("Counted attempts, over every quiz asking the question, that include it"),
  facility: Share.nullable().describe("Share of those answered correctly, over every quiz; null when none"),
  discrimination: z
    .number()
    .min(-1)
    .max(1)
    .nullable()
    .describe("The quizzes' discriminations, each weighted by its answers; null when no quiz has one"),
  quizzes: z.array(QuestionInQuiz).describe("Each quiz that asks the question (not those in the trash), oldest first"),
}).meta({ id: "QuestionAnalysis" });
export type QuestionAnalysisDto = z.infer<typeof QuestionAnalysis>;
