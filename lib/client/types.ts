/**
 * What the browser receives and sends, inferred from the services' zod schemas so the client never
 * keeps a copy of its own. Type imports only: none of the server code reaches the bundle.
 */
import type { z } from "zod";
import type { SignUpRequest, SignUpResponse } from "@/lib/accounts/schemas";
import type { ApiKey, CreateApiKeyResponse } from "@/lib/api-keys/schemas";
import type { HistoryEntry as HistoryEntrySchema } from "@/lib/audit/history";
import type { LessonEditors as LessonEditorsSchema } from "@/lib/audit/lesson-editors";
import type { Block, BlockCreate } from "@/lib/authoring/blocks/schemas";
import type { Category } from "@/lib/authoring/categories/schemas";
import type { Course, PublishChecks } from "@/lib/authoring/courses/schemas";
import type { Lesson } from "@/lib/authoring/lessons/schemas";
import type { Module } from "@/lib/authoring/modules/schemas";
import type { DeletedProject, Project, ProjectCreate, ProjectOutline, ProjectUpdate } from "@/lib/authoring/projects/schemas";
import type { QuestionFamily, QuestionFamilyCreate, QuestionFamilyUpdate } from "@/lib/authoring/question-families/schemas";
import type {
  QuestionCreate,
  QuestionDetail,
  QuestionListQuery,
  QuestionTypeEnum,
  QuestionUpdate,
} from "@/lib/authoring/questions/schemas";
import type { QuizAttemptResult, QuizCreate, QuizDetail, QuizSubmission, QuizSummary } from "@/lib/authoring/quizzes/schemas";
import type { TrashItem, TrashKind, TrashRestoreResult } from "@/lib/authoring/trash/schemas";
import type { Workspace, WorkspaceRole } from "@/lib/authoring/workspaces/schemas";
import type {
  checkAnswerEndpoint,
  getLearnCourseEndpoint,
  getLearnLessonEndpoint,
  getLearnQuizEndpoint,
  listLearnCoursesEndpoint,
  previewQuizEndpoint,
  projectResultsEndpoint,
} from "@/lib/learn/endpoints";
import type { CompanyCreate, Company as CompanySchema } from "@/lib/proposals/companies/schemas";
import type { Contact, ListContactsQuery } from "@/lib/proposals/contacts/schemas";
import type { ContentCreate, ContentIdFields, ContentItem, ContentUpdate } from "@/lib/proposals/content/schemas";
import type { Asset, ImageInput, UploadedImage } from "@/lib/proposals/images/schemas";
import type {
  Proposal,
  ProposalCreate,
  ProposalListQuery,
  ProposalRef,
  Status as ProposalStatusSchema,
} from "@/lib/proposals/proposals/schemas";
import type { listMembersEndpoint } from "@/lib/workspaces/members";

/** The answer of an endpoint whose response schema is declared inline. */
type ResponseOf<E extends { response: z.ZodType }> = z.output<E["response"]>;

/** `{<items>, has_more, limit, offset}`: every list answers this shape (`pageOf`). */
export type Page<K extends string, T> = { [key in K]: T[] } & { has_more: boolean; limit: number; offset: number };

// ---- Account ---------------------------------------------------------------------------------
export type SignUpInput = z.input<typeof SignUpRequest>;
export type SignUpResult = z.output<typeof SignUpResponse>;
export type ApiKeyDto = z.output<typeof ApiKey>;
export type CreatedApiKeyDto = z.output<typeof CreateApiKeyResponse>;

// ---- Workspaces and projects -----------------------------------------------------------------
export type WorkspaceDto = z.output<typeof Workspace>;
export type WorkspaceRoleValue = z.output<typeof WorkspaceRole>;
export type MemberList = ResponseOf<typeof listMembersEndpoint>;
export type ProjectDto = z.output<typeof Project>;
/** The course tree without block content (GET /projects/{id}/outline). */
export type ProjectOutlineDto = z.output<typeof ProjectOutline>;
export type CourseOutlineDto = ProjectOutlineDto["courses"][number];
export type ProjectInput = z.input<typeof ProjectCreate>;
export type ProjectChange = z.input<typeof ProjectUpdate>;
export type DeletedProjectDto = z.output<typeof DeletedProject>;

// ---- Course tree -----------------------------------------------------------------------------
export type CourseDto = z.output<typeof Course>;
export type PublishChecksDto = z.output<typeof PublishChecks>;
export type ModuleDto = z.output<typeof Module>;
export type LessonDto = z.output<typeof Lesson>;
export type BlockDto = z.output<typeof Block>;
export type NewBlock = z.input<typeof BlockCreate>;

// ---- Question bank and quizzes ---------------------------------------------------------------
export type CategoryDto = z.output<typeof Category>;
export type QuestionFamilyDto = z.output<typeof QuestionFamily>;
export type QuestionFamilyInput = z.input<typeof QuestionFamilyCreate>;
export type QuestionFamilyChange = z.input<typeof QuestionFamilyUpdate>;
export type QuestionDto = z.output<typeof QuestionDetail>;
export type QuestionTypeValue = z.output<typeof QuestionTypeEnum>;
export type QuestionInput = z.input<typeof QuestionCreate>;
export type QuestionChange = z.input<typeof QuestionUpdate>;
/** The bank's filters (the list query without paging). */
export type QuestionFilters = Omit<z.output<typeof QuestionListQuery>, "limit" | "offset">;
export type QuizSummaryDto = z.output<typeof QuizSummary>;
export type QuizDetailDto = z.output<typeof QuizDetail>;
export type QuizInput = z.input<typeof QuizCreate>;
export type QuizAnswer = z.input<typeof QuizSubmission>["answers"][number];
export type QuizAttemptResultDto = z.output<typeof QuizAttemptResult>;
export type QuizPreviewResultDto = ResponseOf<typeof previewQuizEndpoint>;

// ---- Trash -----------------------------------------------------------------------------------
export type TrashItemDto = z.output<typeof TrashItem>;
export type TrashKindValue = z.output<typeof TrashKind>;
export type TrashRestoreResultDto = z.output<typeof TrashRestoreResult>;

// ---- Learning, results, history --------------------------------------------------------------
export type LearnCourseCard = ResponseOf<typeof listLearnCoursesEndpoint>["courses"][number];
export type LearnCourse = ResponseOf<typeof getLearnCourseEndpoint>;
export type LearnLesson = ResponseOf<typeof getLearnLessonEndpoint>;
export type LearnQuiz = ResponseOf<typeof getLearnQuizEndpoint>;
export type Attempt = LearnQuiz["attempts"][number];
export type AnswerCheck = ResponseOf<typeof checkAnswerEndpoint>;
export type ProjectResults = ResponseOf<typeof projectResultsEndpoint>;
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;
export type LessonEditors = z.output<typeof LessonEditorsSchema>;

// ---- Proposals service -----------------------------------------------------------------------
export type CompanyDto = z.output<typeof CompanySchema>;
export type CompanyInput = z.input<typeof CompanyCreate>;
export type ContentItemDto = z.output<typeof ContentItem>;
export type ContentInput = z.input<typeof ContentCreate>;
export type ContentChange = z.input<typeof ContentUpdate>;
export type ContentIds = z.input<typeof ContentIdFields>;
/** The library's server-side filters (search by title is client-side: titles are per language). */
export type ContentFilters = { include_archived?: boolean };
export type AssetDto = z.output<typeof Asset>;
export type ImageInputDto = z.input<typeof ImageInput>;
export type UploadedImageDto = z.output<typeof UploadedImage>;
export type ContactDto = z.output<typeof Contact>;
export type ContactFilters = Omit<z.input<typeof ListContactsQuery>, "company_id" | "include_archived"> & { include_archived?: boolean };
export type ProposalDto = z.output<typeof Proposal>;
export type ProposalStatus = z.output<typeof ProposalStatusSchema>;
export type ProposalInput = z.input<typeof ProposalCreate>;
export type ProposalRefDto = z.output<typeof ProposalRef>;
/** The proposal list's server-side filters (company_id is the key's own part). */
export type ProposalFilters = Omit<z.input<typeof ProposalListQuery>, "company_id" | "include_archived"> & { include_archived?: boolean };
