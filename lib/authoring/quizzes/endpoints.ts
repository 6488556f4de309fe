import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { issueDueCertificatesQuietly } from "@/lib/certificates/certificates";
import { write } from "@/lib/db/transaction";
import { quizToScoreFor } from "../load";
import { ProjectParams } from "../projects/schemas";
import { ifMatchOn } from "../versions";
import {
  createQuiz,
  deleteQuiz,
  getQuiz,
  getQuizForUpdate,
  listQuizzes,
  recordAttempt,
  scoreSubmission,
  scoreSubmissionFrom,
  updateQuiz,
} from "./quizzes";
import { QuizAttemptResult, QuizCreate, QuizDetail, QuizParams, QuizSubmission, QuizSummary, QuizUpdate } from "./schemas";

const tag = "Quizzes";

export const submitQuizEndpoint = defineEndpoint({
  operationId: "submit_quiz",
  method: "POST",
  path: "/quizzes/{quizId}/submit",
  tag,
  summary: "Submit a quiz attempt",
  description:
    "answers: [{question_id, selected_option_ids}]. A question scores 1 when the selected set equals its correct set; unanswered questions score 0. The result shows what was right. Learners may submit quizzes placed in lessons they can see (else 403).",
  params: QuizParams,
  body: QuizSubmission,
  response: QuizAttemptResult,
  status: 201,
  errors: ["forbidden"],
  // With a key, the quiz's access and scoring key are read in the key lookup's statement.
  readWithKey: (params) => (userId) => quizToScoreFor(params.quizId, userId),
  run: async (ctx) => {
    // The quiz is read and the answers scored first; one statement then stores the attempt and its event.
    const scored =
      ctx.prefetched === undefined
        ? await scoreSubmission(ctx.db, ctx.caller, ctx.params.quizId, ctx.body)
        : scoreSubmissionFrom(ctx.prefetched, ctx.body);
    const attempt = await recordAttempt(ctx, ctx.params.quizId, scored);
    // Taken through a seat, a passed quiz may complete the course: its certificate (lib/certificates).
    // A member's submission stays two statements (test/integration/request-statements.test.ts).
    if (scored.throughSeat) await issueDueCertificatesQuietly(ctx.db, ctx.caller.userId);
    return attempt;
  },
});

export const listQuizzesEndpoint = defineEndpoint({
  operationId: "list_quizzes",
  method: "GET",
  path: "/projects/{projectId}/quizzes",
  tag,
  summary: "List quizzes",
  description:
    "Returns a project's quizzes, newest first, each with question_count instead of its questions. Use it to find a quiz_id for a quiz block; get_quiz reads one quiz's questions.",
  params: ProjectParams,
  query: PageQuery,
  response: pageOf("quizzes", QuizSummary),
  status: 200,
  run: async ({ db, caller, params, query }) => listQuizzes(db, caller, params.projectId, query),
});

export const createQuizEndpoint = defineEndpoint({
  operationId: "create_quiz",
  method: "POST",
  path: "/projects/{projectId}/quizzes",
  tag,
  summary: "Create a quiz",
  description:
    "Creates a quiz from title (1..200) and question_ids (questions of the same project, no duplicates; array order is the quiz order) and returns it with its questions. Place it in a lesson with a quiz block.",
  params: ProjectParams,
  body: QuizCreate,
  response: QuizDetail,
  status: 201,
  run: (ctx) => write(ctx, (tx) => createQuiz(tx, ctx.caller, ctx.params.projectId, ctx.body)),
});

export const getQuizEndpoint = defineEndpoint({
  operationId: "get_quiz",
  method: "GET",
  path: "/quizzes/{quizId}",
  tag,
  summary: "Read a quiz with its questions",
  description:
    "Returns the quiz with its title and its questions in quiz order, each with its options and which are correct. Use it before update_quiz (question_ids replaces the whole list) or to check what a quiz block will show learners.",
  params: QuizParams,
  response: QuizDetail,
  status: 200,
  run: async ({ db, caller, params }) => getQuiz(db, caller, params.quizId),
});

export const updateQuizEndpoint = defineEndpoint({
  operationId: "update_quiz",
  method: "PATCH",
  path: "/quizzes/{quizId}",
  tag,
  summary: "Update a quiz",
  description:
    "Send at least one of title and question_ids (replaces the whole set, in order). Returns the quiz as saved, with its questions.",
  params: QuizParams,
  body: QuizUpdate,
  response: QuizDetail,
  status: 200,
  ifMatch: ifMatchOn("quizzes", "quizId", getQuizForUpdate),
  run: (ctx) => write(ctx, (tx) => updateQuiz(tx, ctx.caller, ctx.params.quizId, ctx.body)),
});

export const deleteQuizEndpoint = defineEndpoint({
  operationId: "delete_quiz",
  method: "DELETE",
  path: "/quizzes/{quizId}",
  tag,
  summary: "Delete a quiz",
  description:
    "Moves the quiz to the trash; quiz blocks read quiz: null until it is restored with restore_trash_item. Returns {success, id}.",
  params: QuizParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteQuiz(tx, ctx.caller, ctx.params.quizId)),
});
