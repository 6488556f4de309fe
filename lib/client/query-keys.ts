import type { ContactFilters, ContentFilters, ProposalFilters, QuestionFilters } from "./types";

/**
 * The TanStack Query keys of every API resource, one factory each. A feature that changes another
 * feature's data invalidates it through that resource's factory, never by a literal key, so two
 * screens showing the same data share one cache entry or one prefix.
 *
 * Keys are hierarchical: invalidating `x.all` (or a project's prefix) refreshes every list and
 * detail below it.
 */

export const workspaceKeys = {
  all: ["workspaces"] as const,
  members: (workspaceId: string) => ["workspaces", workspaceId, "members"] as const,
  /** Its invitations nobody has used or withdrawn (admins only). */
  invitations: (workspaceId: string) => ["workspaces", workspaceId, "invitations"] as const,
};

export const projectKeys = {
  /** The project list and the deleted projects. */
  all: ["projects"] as const,
  list: () => ["projects", "list"] as const,
  deleted: () => ["projects", "deleted"] as const,
  /** One project with its course tree (courses, modules, lessons). */
  tree: (projectId: string) => ["project-tree", projectId] as const,
  /** Every project's tree: what a change seen from one lesson invalidates. */
  trees: () => ["project-tree"] as const,
};

export const courseKeys = {
  all: ["courses"] as const,
  detail: (courseId: string) => ["courses", courseId] as const,
  /** The course's modules and lessons without block content (the lesson editor's breadcrumb and "Move to lesson…"). */
  outline: (courseId: string) => ["courses", courseId, "outline"] as const,
  /** What publishing the course would show learners that its author may not mean. */
  publishChecks: (courseId: string) => ["courses", courseId, "publish-checks"] as const,
};

export const moduleKeys = {
  detail: (moduleId: string) => ["modules", moduleId] as const,
};

export const lessonKeys = {
  detail: (lessonId: string) => ["lessons", lessonId] as const,
  /** The other sessions that saved in the lesson lately ("Also being edited by…"). */
  editors: (lessonId: string) => ["lessons", lessonId, "editors"] as const,
};

export const blockKeys = {
  /** A lesson's blocks, in order. */
  ofLesson: (lessonId: string) => ["blocks", "lesson", lessonId] as const,
};

/** A course's review: its threads and suggestions (per lesson), its review links, and what a review link opens. */
export const reviewKeys = {
  ofCourse: (courseId: string) => ["review", courseId] as const,
  threads: (courseId: string, lessonId?: string) => ["review", courseId, "threads", lessonId ?? "all"] as const,
  suggestions: (courseId: string, lessonId?: string) => ["review", courseId, "suggestions", lessonId ?? "all"] as const,
  links: (courseId: string) => ["review", courseId, "links"] as const,
  /** A review link's page: everything under its token. */
  byLink: (token: string) => ["review-link", token] as const,
};

export const categoryKeys = {
  ofProject: (projectId: string) => ["categories", projectId] as const,
};

export const questionFamilyKeys = {
  ofProject: (projectId: string) => ["question-families", projectId] as const,
};

export const questionKeys = {
  /** Every question list of a project, filtered or whole. */
  ofProject: (projectId: string) => ["questions", projectId] as const,
  /** The bank's filtered list, a page at a time. */
  filtered: (projectId: string, filters: QuestionFilters) => ["questions", projectId, "filtered", filters] as const,
  /** The whole bank in one list (pickers). */
  everything: (projectId: string) => ["questions", projectId, "everything"] as const,
};

export const quizKeys = {
  /** Every quiz list of a project. */
  ofProject: (projectId: string) => ["quizzes", projectId] as const,
  list: (projectId: string) => ["quizzes", projectId, "list"] as const,
  /** Every quiz of the project in one list (pickers). */
  everything: (projectId: string) => ["quizzes", projectId, "everything"] as const,
  /** Every quiz's detail (quizzes embed their questions, so a bank change makes them all stale). */
  details: ["quiz"] as const,
  detail: (quizId: string) => ["quiz", quizId] as const,
  /** Mutation key: the saves of one quiz's question list, queued one after another. */
  questionSaves: (quizId: string) => ["quiz-questions", quizId] as const,
};

export const trashKeys = {
  ofProject: (projectId: string) => ["trash", projectId] as const,
};

export const resultKeys = {
  ofProject: (projectId: string) => ["results", projectId] as const,
};

export const historyKeys = {
  ofItem: (itemId: string) => ["history", itemId] as const,
};

export const apiKeyKeys = {
  all: ["api-keys"] as const,
};

export const learnKeys = {
  /** Everything a learner sees: progress changes it all. */
  all: ["learn"] as const,
  courses: () => ["learn", "courses"] as const,
  course: (courseId: string) => ["learn", "course", courseId] as const,
  lesson: (lessonId: string, preview: boolean) => ["learn", "lesson", lessonId, preview] as const,
  attempts: (quizId: string) => ["learn", "attempts", quizId] as const,
  /** The learner's certificates of completion (issue 43). */
  certificates: () => ["learn", "certificates"] as const,
};

// ---- Proposals service -----------------------------------------------------------------------

export const companyKeys = {
  /** The companies the user is a member of. */
  all: ["companies"] as const,
  /** A company's members and open invitations. */
  members: (companyId: number) => ["companies", companyId, "members"] as const,
  /** Its approval rules, and whether the user may change them and approve. */
  approvalRules: (companyId: number) => ["companies", companyId, "approval-rules"] as const,
  /** The workspace whose courses it sells, and whether the user may change it. */
  workspace: (companyId: number) => ["companies", companyId, "workspace"] as const,
  /** The courses the user may link its content items to (issue 43). */
  courses: (companyId: number) => ["companies", companyId, "courses"] as const,
};

export const contentKeys = {
  /** Every content list and item: a library change refreshes them all. */
  all: ["content"] as const,
  ofCompany: (companyId: number) => ["content", companyId] as const,
  list: (companyId: number, filters: ContentFilters) => ["content", companyId, "list", filters] as const,
  /** One item with its images. */
  detail: (productId: number) => ["content", "item", productId] as const,
};

export const contactKeys = {
  all: ["contacts"] as const,
  list: (companyId: number, filters: ContactFilters) => ["contacts", companyId, "list", filters] as const,
};

export const proposalKeys = {
  /** Every proposal list and detail. */
  all: ["proposals"] as const,
  lists: () => ["proposals", "list"] as const,
  list: (companyId: number, filters: ProposalFilters) => ["proposals", "list", companyId, filters] as const,
  /** The versions of one series, oldest first. */
  series: (seriesUuid: string) => ["proposals", "series", seriesUuid] as const,
  detail: (uuid: string) => ["proposals", "detail", uuid] as const,
  /** Its internal comment threads (staff only). */
  comments: (uuid: string) => ["proposals", "detail", uuid, "comments"] as const,
};

export const webhookKeys = {
  all: ["webhooks"] as const,
  /** A company's endpoints (owners only). */
  ofCompany: (companyId: number) => ["webhooks", "company", companyId] as const,
  /** One endpoint's recent deliveries with their attempts. */
  deliveries: (webhookId: number) => ["webhooks", "deliveries", webhookId] as const,
};

/** The enrolments the signed-in learning manager manages (issue 43), and each one's learners. */
export const enrolmentKeys = {
  all: ["enrolments"] as const,
  one: (id: string) => ["enrolments", id] as const,
  learners: (id: string) => ["enrolments", id, "learners"] as const,
};
