/**
 * What the browser receives and sends, as the services' OpenAPI documents describe it (./schema,
 * generated from the endpoint definitions by `npm run api:types`): the same types the clients in
 * ./api.ts answer with, so a screen's types and its calls cannot disagree. Types only: none of the
 * server code reaches the bundle.
 */
import type { SuccessStatus } from "./api";
import type { components as AppComponents, operations as AppOperations } from "./schema/app";
import type { components as AuthoringComponents, operations as AuthoringOperations } from "./schema/authoring";
import type { components as ProposalsComponents, operations as ProposalsOperations } from "./schema/proposals";

type Authoring = AuthoringComponents["schemas"];
type Proposals = ProposalsComponents["schemas"];

/** The JSON an operation answers on success (its one 2xx). */
type AnswerOf<Op> = Op extends { responses: infer R }
  ? R[Extract<keyof R, SuccessStatus>] extends { content: { "application/json": infer T } }
    ? T
    : never
  : never;

/** The query an operation reads. */
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

type App<K extends keyof AppOperations> = AnswerOf<AppOperations[K]>;

// ---- Account ---------------------------------------------------------------------------------
export type SignUpInput = AppComponents["schemas"]["SignUpRequest"];
export type SignUpResult = App<"sign_up">;
export type ApiKeyDto = Authoring["ApiKey"];
export type CreatedApiKeyDto = Authoring["CreateApiKeyResponse"];
export type NotificationSettingsDto = AppComponents["schemas"]["NotificationSettings"];

// ---- Workspaces and projects -----------------------------------------------------------------
export type WorkspaceDto = Authoring["Workspace"];
export type WorkspaceRoleValue = WorkspaceDto["role"];
export type MemberList = App<"list_members">;
export type ProjectDto = Authoring["Project"];
/** The course tree without block content (GET /projects/{id}/outline). */
export type ProjectOutlineDto = Authoring["ProjectOutline"];
export type CourseOutlineDto = Authoring["CourseOutline"];
export type ProjectInput = Authoring["ProjectCreate"];
export type ProjectChange = Authoring["ProjectUpdate"];
export type DeletedProjectDto = Authoring["DeletedProject"];

// ---- Course tree -----------------------------------------------------------------------------
export type CourseDto = Authoring["Course"];
export type PublishChecksDto = Authoring["PublishChecks"];
export type ModuleDto = Authoring["Module"];
export type LessonDto = Authoring["Lesson"];
export type BlockDto = Authoring["Block"];
export type NewBlock = Authoring["BlockCreate"];
export type BlockChange = Authoring["BlockUpdate"];

// ---- Question bank and quizzes ---------------------------------------------------------------
export type CategoryDto = Authoring["Category"];
export type QuestionFamilyDto = Authoring["QuestionFamily"];
export type QuestionFamilyInput = Authoring["QuestionFamilyCreate"];
export type QuestionFamilyChange = Authoring["QuestionFamilyUpdate"];
export type QuestionDto = Authoring["QuestionDetail"];
export type QuestionTypeValue = QuestionDto["question_type"];
export type QuestionInput = Authoring["QuestionCreate"];
export type QuestionChange = Authoring["QuestionUpdate"];
/** The bank's filters (the list query without paging). */
export type QuestionFilters = Omit<QueryOf<AuthoringOperations["list_questions"]>, "limit" | "offset">;
export type QuizSummaryDto = Authoring["QuizSummary"];
export type QuizDetailDto = Authoring["QuizDetail"];
export type QuizInput = Authoring["QuizCreate"];
export type QuizAnswer = Authoring["QuizSubmission"]["answers"][number];
export type QuizAttemptResultDto = Authoring["QuizAttemptResult"];
export type QuizPreviewResultDto = App<"preview_quiz">;

// ---- Trash -----------------------------------------------------------------------------------
export type TrashItemDto = Authoring["TrashItem"];
export type TrashKindValue = TrashItemDto["kind"];
export type TrashRestoreResultDto = Authoring["TrashRestoreResult"];

// ---- Review (issue 41) ------------------------------------------------------------------------
export type CommentThreadDto = Authoring["CommentThread"];
export type CommentReplyDto = Authoring["CommentReply"];
export type SuggestionDto = Authoring["Suggestion"];
export type ReviewLinkDto = Authoring["ReviewLink"];
export type ReviewCourseDto = Authoring["ReviewCourse"];
export type PresentDto = App<"update_presence">["others"][number];

// ---- Learning, results, history --------------------------------------------------------------
export type LearnCourseCard = App<"list_learn_courses">["courses"][number];
export type LearnCourse = App<"get_learn_course">;
export type LearnLesson = App<"get_learn_lesson">;
export type LearnQuiz = App<"get_learn_quiz">;
export type Attempt = LearnQuiz["attempts"][number];
export type AnswerCheck = App<"check_answer">;
export type ProjectResults = App<"get_project_results">;
export type HistoryEntry = App<"get_item_history">["history"][number];
export type LessonEditors = App<"list_lesson_editors">;

// ---- Proposals service -----------------------------------------------------------------------
export type CompanyDto = Proposals["Company"];
export type CompanyInput = Proposals["CompanyCreate"];
export type PipelineDto = Proposals["Pipeline"];
export type ContentItemDto = Proposals["ContentItem"];
export type ContentInput = Proposals["ContentCreate"];
export type ContentChange = Proposals["ContentUpdate"];
export type ContentIds = Proposals["ContentIds"];
/** The library's server-side filters (search by title is client-side: titles are per language). */
export type ContentFilters = { include_archived?: boolean };
export type AssetDto = Proposals["Asset"];
export type ImageInputDto = Proposals["ImageInput"];
export type UploadedImageDto = Proposals["UploadedImage"];
export type AttachmentDto = Proposals["Attachment"];
export type ContactDto = Proposals["Contact"];
export type ContactFilters = Omit<QueryOf<ProposalsOperations["list_contacts"]>, "company_id" | "include_archived"> & {
  include_archived?: boolean;
};
export type ProposalDto = Proposals["Proposal"];
export type ProposalStatus = ProposalDto["status"];
export type ProposalInput = Proposals["ProposalCreate"];
export type ProposalRefDto = Proposals["ProposalRef"];
export type ProposalPatch = Proposals["ProposalPatch"];
export type ProposalBlockEdit = Proposals["ProposalBlockEdit"];
export type ProposalNewVersion = Proposals["ProposalNewVersion"];
export type ProposalSendInput = Proposals["ProposalSend"];
export type ProposalDeliveryDto = Proposals["ProposalDelivery"];
/** The proposal list's server-side filters (company_id is the key's own part). */
export type ProposalFilters = Omit<QueryOf<ProposalsOperations["list_proposals"]>, "company_id" | "include_archived"> & {
  include_archived?: boolean;
};

// ---- Webhooks (proposals service) ----------------------------------------------------------------
export type WebhookDto = Proposals["Webhook"];
export type CreatedWebhookDto = Proposals["CreatedWebhook"];
export type WebhookInput = Proposals["CreateWebhook"];
export type WebhookChange = Proposals["UpdateWebhook"];
export type WebhookEventType = WebhookInput["events"][number];
export type WebhookDeliveryDto = Proposals["WebhookDelivery"];
export type WebhookAttemptDto = WebhookDeliveryDto["attempts"][number];

// ---- Acceptance records (/verify) --------------------------------------------------------------
export type VerifyResultDto = AppComponents["schemas"]["VerifyRecordResult"];
