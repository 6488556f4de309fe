/**
 * The authorization matrix (issue 12, proof 1): every endpoint of every service (the two APIs and
 * the app's own endpoints, which the course-authoring cast meets), called over HTTP
 * by every kind of caller, answers exactly what the table below says: "ok" (the endpoint's
 * documented 2xx, really done) or an error code in the service's own error shape. The tables are
 * keyed by the endpoint registries, both ways: an endpoint added without a row fails here. No
 * answer to an outsider (no valid key, or a key of no workspace or company of the owner's) shows
 * any of the owner's values, and ids that name nothing answer 404 on every endpoint. A key of scope
 * `suggest` reads as its user, comments and suggests as its user, and is refused every other write.
 * Rules: contract.md (Roles; Proposals service), course-authoring-service.md (Authentication,
 * Errors), proposals-service.md (Authorization) and, for the app's own endpoints, decisions 005, 014
 * and 060 (suggest-only keys, review links).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import type { ErrorCode } from "@/lib/api/errors";
import { errorCodesOf } from "@/lib/api/service";
import {
  appFixture,
  authoringCast,
  authoringFixture,
  bearer,
  callWith,
  GARBAGE_AUTHORIZATION,
  proposalsCast,
  proposalsFixture,
  type AuthoringCast,
  type Credentials,
  type MatrixFixture,
  type ProposalsCast,
} from "../authorization-fixtures";
import { startTestServer, type TestServer } from "../http-server";
import { liftRateLimits, recordFigures } from "../reliability-figures";
import { expectServiceError, fillPath, SERVICES, type ServiceUnderTest } from "../services";

/** "ok": the endpoint's documented success status; otherwise the error the caller gets. */
type Outcome = "ok" | ErrorCode;
const OK = "ok";

/** Callers without a valid key: none, a garbage Authorization header, a real key revoked through the API. */
const NO_VALID_KEY = { anonymous: "unauthorized", malformedKey: "unauthorized", revokedKey: "unauthorized" } as const;

// ---- Course authoring: contract.md, Roles -------------------------------------------------------

type AuthoringRole = keyof typeof NO_VALID_KEY | "stranger" | "learner" | "learnerOfDrafts" | "author" | "admin" | "owner" | "suggestKey";
/** A row as the tables write it: every role but the suggest key, whose outcome follows from the row (withSuggestKey). */
type AuthoringRow = Record<Exclude<AuthoringRole, "suggestKey">, Outcome>;

/**
 * Who the callers are. stranger: a member of no workspace of the owner's. learner, author, admin:
 * members of the owner's team workspace in that role (the owner is its admin too). learnerOfDrafts:
 * the learner, meeting a tree where nothing is published yet; everyone else meets it published.
 * suggestKey: the author's key of scope `suggest` (docs/decisions/060).
 */
const AUTHORING_CALLERS: Record<AuthoringRole, { credentials: (cast: AuthoringCast) => Credentials; published: boolean }> = {
  anonymous: { credentials: () => undefined, published: true },
  malformedKey: { credentials: () => GARBAGE_AUTHORIZATION, published: true },
  revokedKey: { credentials: (cast) => bearer(cast.revokedKey), published: true },
  stranger: { credentials: (cast) => bearer(cast.stranger.key), published: true },
  learner: { credentials: (cast) => bearer(cast.learner.key), published: true },
  learnerOfDrafts: { credentials: (cast) => bearer(cast.learner.key), published: false },
  author: { credentials: (cast) => bearer(cast.author.key), published: true },
  admin: { credentials: (cast) => bearer(cast.admin.key), published: true },
  owner: { credentials: (cast) => bearer(cast.owner.key), published: true },
  suggestKey: { credentials: (cast) => bearer(cast.suggestKey), published: true },
};

/**
 * The writes a key of scope `suggest` may make, as its user may (docs/decisions/060): threads and
 * suggestions, and the proposals' internal threads (issue 41). The endpoints mark them `isSuggestion`.
 */
const SUGGESTION_WRITES = new Set([
  "POST /blocks/{blockId}/comments",
  "POST /comments/{commentId}/replies",
  "PATCH /comments/{commentId}",
  "POST /blocks/{blockId}/suggestions",
  "POST /v3/proposals/{uuid}/comments",
  "POST /v3/proposals/{uuid}/comments/{commentId}/replies",
  "PATCH /v3/proposals/{uuid}/comments/{commentId}",
]);

/**
 * A table with its suggest key's column: a key of scope `suggest` of the user in the role `asUser`
 * reads as that user, makes SUGGESTION_WRITES as that user, and gets 403 `forbidden_scope` for every
 * other write, whatever the user may do; a public endpoint does not look at the key (anyone's "ok").
 */
function withSuggestKey<R extends string>(
  table: Record<string, Record<R, Outcome>>,
  asUser: NoInfer<R>,
): Record<string, Record<R | "suggestKey", Outcome>> {
  return Object.fromEntries(
    Object.entries(table).map(([key, row]) => {
      const isPublic = (row as Record<string, Outcome>).anonymous === OK;
      const asTheUser = key.startsWith("GET ") || SUGGESTION_WRITES.has(key);
      return [key, { ...row, suggestKey: isPublic ? OK : asTheUser ? row[asUser] : "forbidden_scope" }];
    }),
  );
}

/** What belongs to the caller alone (their workspaces, projects, deleted projects, keys): any valid key reads its own. */
const anyUser: AuthoringRow = { ...NO_VALID_KEY, stranger: OK, learner: OK, learnerOfDrafts: OK, author: OK, admin: OK, owner: OK };

/**
 * Content editors see and change (drafts, the question bank, quizzes, the trash, every content
 * write and publishing): admins and authors. To a learner and a non-member it does not exist.
 */
const editors: AuthoringRow = {
  ...NO_VALID_KEY,
  stranger: "not_found",
  learner: "not_found",
  learnerOfDrafts: "not_found",
  author: OK,
  admin: OK,
  owner: OK,
};

/** Deleting and restoring projects: admins only; an author gets 404 as for anything not theirs to touch. */
const admins: AuthoringRow = { ...editors, author: "not_found" };

/** Reading the course tree: learners read what is published; `whileDraft` is what they get before it is. */
const readsPublished = (whileDraft: Outcome): AuthoringRow => ({ ...editors, learner: OK, learnerOfDrafts: whileDraft });

/** Public: nobody is looked up, so a broken or revoked key changes nothing (sign-up; a recipient's answer, its link the secret). */
const everyone: AuthoringRow = {
  anonymous: OK,
  malformedKey: OK,
  revokedKey: OK,
  stranger: OK,
  learner: OK,
  learnerOfDrafts: OK,
  author: OK,
  admin: OK,
  owner: OK,
};

const AUTHORING_ROWS: Record<string, AuthoringRow> = {
  "GET /workspaces": anyUser,
  "GET /projects": anyUser,
  // Creating where one may not is 403 (course-authoring-service.md); a workspace one is not in is 404.
  "POST /projects": { ...editors, learner: "forbidden", learnerOfDrafts: "forbidden" },
  "GET /projects/deleted": anyUser,
  // A learner reads the project with its published courses only (none, while they are drafts).
  "GET /projects/{projectId}": readsPublished(OK),
  "GET /projects/{projectId}/outline": readsPublished(OK),
  "PATCH /projects/{projectId}": editors,
  "DELETE /projects/{projectId}": admins,
  "POST /projects/{projectId}/restore": admins,
  "GET /projects/{projectId}/courses": readsPublished(OK),
  "POST /projects/{projectId}/courses": editors,
  // The one read that answers 403 for a course the learner may not read (contract.md).
  "GET /courses/{courseId}": readsPublished("forbidden"),
  "GET /courses/{courseId}/outline": readsPublished("forbidden"),
  "PATCH /courses/{courseId}": editors,
  "DELETE /courses/{courseId}": editors,
  "POST /courses/{courseId}/publish": editors,
  "POST /courses/{courseId}/unpublish": editors,
  // What publishing would show learners: for those who publish.
  "GET /courses/{courseId}/publish-checks": editors,
  // What learners did with a course and its quizzes (issue 42, docs/decisions/065): for those who read its drafts.
  "GET /courses/{courseId}/analytics": editors,
  "GET /quizzes/{quizId}/item-analysis": editors,
  "GET /questions/{questionId}/item-analysis": editors,
  // A course leaves the app, or comes in, through those who edit it (issue 29): a learner gets 404 as on other authors' reads.
  "GET /courses/{courseId}/export": editors,
  "POST /projects/{projectId}/import": editors,
  "GET /courses/{courseId}/modules": readsPublished("not_found"),
  "POST /courses/{courseId}/modules": editors,
  "GET /modules/{moduleId}": readsPublished("not_found"),
  "PATCH /modules/{moduleId}": editors,
  "DELETE /modules/{moduleId}": editors,
  "GET /modules/{moduleId}/lessons": readsPublished("not_found"),
  "POST /modules/{moduleId}/lessons": editors,
  "GET /lessons/{lessonId}": readsPublished("not_found"),
  "PATCH /lessons/{lessonId}": editors,
  "DELETE /lessons/{lessonId}": editors,
  "POST /lessons/{lessonId}/publish": editors,
  "POST /lessons/{lessonId}/unpublish": editors,
  "GET /lessons/{lessonId}/blocks": readsPublished("not_found"),
  "POST /lessons/{lessonId}/blocks": editors,
  "GET /blocks/{blockId}": readsPublished("not_found"),
  "PATCH /blocks/{blockId}": editors,
  "DELETE /blocks/{blockId}": editors,
  // A learner takes a quiz placed in a lesson they can see; one in no such lesson is 403 (contract.md).
  "POST /quizzes/{quizId}/submit": readsPublished("forbidden"),
  "GET /projects/{projectId}/quizzes": editors,
  "POST /projects/{projectId}/quizzes": editors,
  "GET /quizzes/{quizId}": editors,
  "PATCH /quizzes/{quizId}": editors,
  "DELETE /quizzes/{quizId}": editors,
  "GET /projects/{projectId}/categories": editors,
  "POST /projects/{projectId}/categories": editors,
  "GET /categories/{categoryId}": editors,
  "PATCH /categories/{categoryId}": editors,
  "DELETE /categories/{categoryId}": editors,
  "GET /projects/{projectId}/question-families": editors,
  "POST /projects/{projectId}/question-families": editors,
  "GET /question-families/{familyId}": editors,
  "PATCH /question-families/{familyId}": editors,
  "DELETE /question-families/{familyId}": editors,
  "GET /projects/{projectId}/questions": editors,
  "POST /projects/{projectId}/questions": editors,
  "GET /questions/{questionId}": editors,
  "PATCH /questions/{questionId}": editors,
  "DELETE /questions/{questionId}": editors,
  "GET /projects/{projectId}/trash": editors,
  "POST /projects/{projectId}/trash/restore": editors,
  // Export links (decision 046): made by those who read drafts; the link itself is the download's credential.
  "POST /courses/{courseId}/export-link": editors,
  "GET /exports/{token}": { ...anyUser, anonymous: OK, malformedKey: OK, revokedKey: OK },
  "POST /projects/{projectId}/import-url": editors,
  "GET /api-keys": anyUser,
  // Keys are made in the signed-in browser: with a key, whoever holds it, 403 (docs/reliability.md).
  "POST /api-keys": {
    ...NO_VALID_KEY,
    stranger: "forbidden",
    learner: "forbidden",
    learnerOfDrafts: "forbidden",
    author: "forbidden",
    admin: "forbidden",
    owner: "forbidden",
  },
  // A key is its user's alone: the owner's key is "not found" to everyone else, admins included.
  "DELETE /api-keys/{keyId}": {
    ...NO_VALID_KEY,
    stranger: "not_found",
    learner: "not_found",
    learnerOfDrafts: "not_found",
    author: "not_found",
    admin: "not_found",
    owner: OK,
  },
  // Reviewing together (issue 41, docs/decisions/060): threads and suggestions are for those who read drafts, resolving and
  // deciding for those who write (authors and admins alike); a learner gets 404, as for every write.
  "GET /courses/{courseId}/comments": editors,
  "POST /blocks/{blockId}/comments": editors,
  "POST /comments/{commentId}/replies": editors,
  "PATCH /comments/{commentId}": editors,
  "POST /blocks/{blockId}/suggestions": editors,
  "GET /courses/{courseId}/suggestions": editors,
  "POST /suggestions/{suggestionId}/accept": editors,
  "POST /suggestions/{suggestionId}/reject": editors,
  "POST /courses/{courseId}/review-links": editors,
  "GET /courses/{courseId}/review-links": editors,
  "DELETE /review-links/{reviewLinkId}": editors,
  // A review link's own endpoints: public, the link's token all it takes, as for an export link.
  "GET /review/{token}": everyone,
  "GET /review/{token}/comments": everyone,
  "POST /review/{token}/blocks/{blockId}/comments": everyone,
  "POST /review/{token}/comments/{commentId}/replies": everyone,
  "POST /review/{token}/blocks/{blockId}/suggestions": everyone,
};

const AUTHORING_MATRIX = withSuggestKey(AUTHORING_ROWS, "author");

// ---- Proposals: proposals-service.md (Authorization) and contract.md ---------------------------

type ProposalsRole = keyof typeof NO_VALID_KEY | "stranger" | "otherCompany" | "disabledMember" | "member" | "owner" | "suggestKey";
/** A row as the table writes it: the suggest key's column follows from it (withSuggestKey). */
type ProposalsRow = Record<Exclude<ProposalsRole, "suggestKey">, Outcome>;

/**
 * stranger: a user of no company. otherCompany: a member of another company. disabledMember: a
 * member of the owner's company whose membership is disabled. member: a member of the owner's
 * company (the owner made it and is its member too). suggestKey: the member's key of scope
 * `suggest`, which reads and keeps the proposals' internal threads as the member, and which no
 * other proposals write accepts (403 FORBIDDEN_SCOPE).
 */
const PROPOSALS_CALLERS: Record<ProposalsRole, { credentials: (cast: ProposalsCast) => Credentials }> = {
  anonymous: { credentials: () => undefined },
  malformedKey: { credentials: () => GARBAGE_AUTHORIZATION },
  revokedKey: { credentials: (cast) => bearer(cast.revokedKey) },
  stranger: { credentials: (cast) => bearer(cast.stranger.key) },
  otherCompany: { credentials: (cast) => bearer(cast.otherCompany.key) },
  disabledMember: { credentials: (cast) => bearer(cast.disabledMember.key) },
  member: { credentials: (cast) => bearer(cast.member.key) },
  owner: { credentials: (cast) => bearer(cast.owner.key) },
  suggestKey: { credentials: (cast) => bearer(cast.suggestKey) },
};

/** The caller's own companies: anyone with a key lists theirs and makes new ones. */
const ownCompanies: ProposalsRow = { ...NO_VALID_KEY, stranger: OK, otherCompany: OK, disabledMember: OK, member: OK, owner: OK };

/** The company's contacts, RFPs, library, files and proposals: its active members'; to anyone else they do not exist. */
const companyMembers: ProposalsRow = {
  ...NO_VALID_KEY,
  stranger: "not_found",
  otherCompany: "not_found",
  disabledMember: "not_found",
  member: OK,
  owner: OK,
};

/** Making or changing the company's proposals: "a user not allowed to edit" gets 401 (proposals-service.md, contract.md). */
const proposalEditors: ProposalsRow = {
  ...companyMembers,
  stranger: "unauthorized",
  otherCompany: "unauthorized",
  disabledMember: "unauthorized",
};

/** Managing the company's members and invitations: its owners; a member who is not one is refused (401 in this service). */
const companyOwners: ProposalsRow = { ...companyMembers, member: "forbidden" };

/** Approving proposals and setting the rules for it: its owners; a member who is not one gets 403 OWNER_REQUIRED (decision 062). */
const companyApprovers: ProposalsRow = { ...companyMembers, member: "owner_required" };
const proposalApprovers: ProposalsRow = { ...proposalEditors, member: "owner_required" };

const PROPOSALS_ROWS: Record<string, ProposalsRow> = {
  "GET /v3/companies": ownCompanies,
  "POST /v3/companies": ownCompanies,
  // Any member reads who is in the company (docs/decisions/032).
  "GET /v3/companies/{companyId}/members": companyMembers,
  "POST /v3/companies/{companyId}/members": companyOwners,
  "PATCH /v3/companies/{companyId}/members/{userId}": companyOwners,
  // The fixture's target is another member: removing oneself (leaving) is every member's, tested in company-members.test.ts.
  "DELETE /v3/companies/{companyId}/members/{userId}": companyOwners,
  "POST /v3/companies/{companyId}/invitations": companyOwners,
  "POST /v3/companies/{companyId}/invitations/{invitationId}/resend": companyOwners,
  "DELETE /v3/companies/{companyId}/invitations/{invitationId}": companyOwners,
  // A company's webhooks: its owners' (issue 27; docs/decisions/034).
  "GET /v3/webhooks": companyOwners,
  "POST /v3/webhooks": companyOwners,
  "PATCH /v3/webhooks/{webhookId}": companyOwners,
  "DELETE /v3/webhooks/{webhookId}": companyOwners,
  "POST /v3/webhooks/{webhookId}/rotate-secret": companyOwners,
  "GET /v3/webhooks/{webhookId}/deliveries": companyOwners,
  "POST /v3/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": companyOwners,
  "POST /v3/webhooks/{webhookId}/test": companyOwners,
  "GET /v3/contacts": companyMembers,
  "POST /v3/contacts": companyMembers,
  "PATCH /v3/contacts/{contactId}": companyMembers,
  "POST /v3/contacts/{contactId}/archive": companyMembers,
  "POST /v3/contacts/{contactId}/unarchive": companyMembers,
  "GET /v3/rfps": companyMembers,
  "GET /v3/proposals": companyMembers,
  "POST /v3/proposals": proposalEditors,
  // Reading another company's proposal is 404; changing it 401 (contract.md).
  "GET /v3/proposals/{uuid}": companyMembers,
  "PATCH /v3/proposals/{uuid}": proposalEditors,
  "POST /v3/proposals/{uuid}": proposalEditors,
  "PATCH /v3/proposals/{uuid}/blocks/{blockUuid}": proposalEditors,
  "PATCH /v3/proposals/{uuid}/data": proposalEditors,
  "POST /v3/proposals/{uuid}/send": proposalEditors,
  // Whether and where a proposal was mailed: read like the proposal (docs/decisions/033).
  "GET /v3/proposals/{uuid}/delivery": companyMembers,
  "GET /v3/proposals/{uuid}/events": companyMembers,
  // How the customer read it (issue 42, docs/decisions/064): read like the proposal.
  "GET /v3/proposals/{uuid}/engagement": companyMembers,
  "GET /v3/proposals/{uuid}/enrolments": companyMembers,
  // The proposal as a PDF (an accepted one's acceptance record): read like the proposal (docs/decisions/036).
  "GET /v3/proposals/{uuid}/pdf": companyMembers,
  "POST /v3/proposals/{uuid}/accept": proposalEditors,
  "POST /v3/proposals/{uuid}/reject": proposalEditors,
  "POST /v3/proposals/{uuid}/withdraw": proposalEditors,
  "POST /v3/proposals/{uuid}/archive": proposalEditors,
  "POST /v3/proposals/{uuid}/unarchive": proposalEditors,
  "POST /v3/proposals/{uuid}/template": proposalEditors,
  // Internal threads (issue 41): any active member of the proposal's company reads and writes them; to anyone else
  // the proposal does not exist, for a write as for a read (404, never 401).
  "GET /v3/proposals/{uuid}/comments": companyMembers,
  "POST /v3/proposals/{uuid}/comments": companyMembers,
  "POST /v3/proposals/{uuid}/comments/{commentId}/replies": companyMembers,
  "PATCH /v3/proposals/{uuid}/comments/{commentId}": companyMembers,
  // Approvals before a proposal goes out (issue 41): any member reads the rules and asks; owners set them and decide.
  "GET /v3/companies/{companyId}/approval-rules": companyMembers,
  "PUT /v3/companies/{companyId}/approval-rules": companyApprovers,
  // The workspace whose courses the company sells (issue 43): any member reads it, owners set it.
  "GET /v3/companies/{companyId}/workspace": companyMembers,
  "PUT /v3/companies/{companyId}/workspace": companyApprovers,
  // The courses a member may link items to: any member asks (an empty list for one who authors none).
  "GET /v3/companies/{companyId}/courses": companyMembers,
  // The pipeline (issue 42): any member reads the company's figures (a suggest key too: it reads).
  "GET /v3/companies/{companyId}/pipeline": companyMembers,
  "POST /v3/proposals/{uuid}/approval-requests": proposalEditors,
  "POST /v3/proposals/{uuid}/approve": proposalApprovers,
  "POST /v3/proposals/{uuid}/decline-approval": proposalApprovers,
  "GET /v3/content": companyMembers,
  "POST /v3/content": companyMembers,
  "PUT /v3/content": companyMembers,
  "PATCH /v3/content/{productId}": companyMembers,
  "DELETE /v3/content": companyMembers,
  "POST /v3/content/restore": companyMembers,
  "POST /v3/images": companyMembers,
  "GET /v1/attachments": companyMembers,
  "POST /v1/attachments": companyMembers,
};

const PROPOSALS_MATRIX = withSuggestKey(PROPOSALS_ROWS, "member");

// ---- The app's own endpoints: the course-authoring roles (contract.md, Roles), decisions 005 and 014 --------

/** Who is in a workspace: its members read it, in any role; to anyone else it does not exist. */
const workspaceMembers: AuthoringRow = { ...editors, learner: OK, learnerOfDrafts: OK };

/** Changing a team's members: its admins; another member is refused (403), a non-member finds nothing. */
const memberManagers: AuthoringRow = { ...editors, learner: "forbidden", learnerOfDrafts: "forbidden", author: "forbidden" };

const APP_ROWS: Record<string, AuthoringRow> = {
  "POST /account/signup": everyone,
  // Public: "forgot password?" answers anyone alike, and a reset link's token is all it takes.
  "POST /account/password-reset": everyone,
  "POST /account/password-reset/confirm": everyone,
  // Every user's own verification link.
  "POST /account/verification": anyUser,
  "POST /workspaces": anyUser,
  "GET /workspaces/{workspaceId}/members": workspaceMembers,
  "POST /workspaces/{workspaceId}/members": memberManagers,
  "PATCH /workspaces/{workspaceId}/members/{userId}": memberManagers,
  "DELETE /workspaces/{workspaceId}/members/{userId}": memberManagers,
  "GET /workspaces/{workspaceId}/invitations": memberManagers,
  "POST /workspaces/{workspaceId}/invitations": memberManagers,
  "POST /workspaces/{workspaceId}/invitations/{invitationId}/resend": memberManagers,
  "DELETE /workspaces/{workspaceId}/invitations/{invitationId}": memberManagers,
  // The link is the stranger's (docs/decisions/032): only the invited address's account accepts; anyone else is told whose it is.
  "POST /invitations/{token}/accept": {
    ...NO_VALID_KEY,
    stranger: OK,
    learner: "forbidden",
    learnerOfDrafts: "forbidden",
    author: "forbidden",
    admin: "forbidden",
    owner: "forbidden",
  },
  // Public, its link the secret: a new address's invitation, signed up for.
  "POST /invitations/{token}/accept-with-sign-up": everyone,
  // The learner's side: every member reads, completes and takes what is published; before that, 403.
  "GET /learn/courses": anyUser,
  "GET /learn/courses/{courseId}": readsPublished("forbidden"),
  "GET /learn/lessons/{lessonId}": readsPublished("forbidden"),
  "POST /learn/lessons/{lessonId}/complete": readsPublished("forbidden"),
  "DELETE /learn/lessons/{lessonId}/complete": readsPublished("forbidden"),
  "GET /learn/quizzes/{quizId}": readsPublished("forbidden"),
  "POST /learn/questions/{questionId}/check": readsPublished("forbidden"),
  // Trying a quiz without an attempt, the results, the history and who else is editing: for those who edit.
  "POST /learn/quizzes/{quizId}/preview": editors,
  "GET /projects/{projectId}/results": editors,
  "GET /history/{targetId}": editors,
  "GET /lessons/{lessonId}/editors": editors,
  "POST /public/proposals/{uuid}/choices": everyone,
  "POST /public/proposals/{uuid}/accept": everyone,
  "POST /public/proposals/{uuid}/reject": everyone,
  // Asking for changes: the link is all it takes, as for an answer (docs/decisions/037).
  "POST /public/proposals/{uuid}/change-requests": everyone,
  // The recipient's PDF (the link is the secret) and /verify: anyone's (docs/decisions/036).
  "GET /public/proposals/{uuid}/pdf": everyone,
  "POST /public/verify": everyone,
  // The page's reports of time on screen: the link is all it takes; a key is nobody's session, so nothing is a preview (decision 064).
  "POST /public/proposals/{uuid}/engagement": everyone,
  // Every user's own notification settings; the unsubscribe link's signed token is all it takes (decision 033).
  "GET /account/notifications": anyUser,
  "PUT /account/notifications": anyUser,
  "POST /account/notifications/unsubscribe": everyone,
  // Presence is for people in the browser (docs/decisions/061): every key is refused before the lesson is looked up.
  "PUT /presence": {
    ...NO_VALID_KEY,
    stranger: "forbidden",
    learner: "forbidden",
    learnerOfDrafts: "forbidden",
    author: "forbidden",
    admin: "forbidden",
    owner: "forbidden",
  },
};

/**
 * An enrolment's learning managers (issue 43): the accounts whose verified email is a manager's (in
 * the fixture, the owner's alone). A workspace role counts for nothing; to anyone else it does not exist.
 */
const enrolmentManagers: AuthoringRow = {
  ...NO_VALID_KEY,
  stranger: "not_found",
  learner: "not_found",
  learnerOfDrafts: "not_found",
  author: "not_found",
  admin: "not_found",
  owner: OK,
};
Object.assign(APP_ROWS, {
  // Every user's own list: the enrolments their address manages (none but the owner's here).
  "GET /app/enrolments": anyUser,
  "GET /app/enrolments/{enrolmentId}": enrolmentManagers,
  "POST /app/enrolments/{enrolmentId}/invitations": enrolmentManagers,
  "GET /app/enrolments/{enrolmentId}/learners": enrolmentManagers,
  "DELETE /app/enrolments/{enrolmentId}/learners/{email}": enrolmentManagers,
  "POST /app/enrolments/{enrolmentId}/managers": enrolmentManagers,
  // Every user's own certificates; one certificate (the spare learner's) for the workspace's admins and authors.
  "GET /app/certificates": anyUser,
  "GET /app/certificates/{certificateId}/pdf": editors,
  "GET /app/certificates/{certificateId}/credential": editors,
  // Revoking is for the workspace's admins: to an author it does not exist, as to a stranger.
  "POST /app/certificates/{certificateId}/revoke": { ...editors, author: "not_found" },
});

const APP_MATRIX = withSuggestKey(APP_ROWS, "author");

// ---- Running the matrix -------------------------------------------------------------------------

const endpointKey = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.path}`;

/**
 * The order of one caller's calls: the registry's, with deletions last (so an allowed one cannot
 * take away what later calls need) and children before parents (the registry declares parents first).
 */
function callOrder(endpoints: AnyEndpoint[]): AnyEndpoint[] {
  const deletions = endpoints.filter((e) => e.method === "DELETE");
  return [...endpoints.filter((e) => e.method !== "DELETE"), ...deletions.reverse()];
}

let server: TestServer;
let requests = 0;
let restoreLimits: () => void;

beforeAll(async () => {
  // A thousand-odd calls a minute from one address and one owner's key would meet the rate limits
  // (600 per key, 1,200 per address), which test/integration/rate-limits.test.ts covers; here
  // every answer must come from who asks.
  restoreLimits = liftRateLimits();
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
  restoreLimits();
  if (requests === 0) return;
  const roles = new Set([...Object.keys(AUTHORING_CALLERS), ...Object.keys(PROPOSALS_CALLERS)]);
  recordFigures("authorization-matrix", {
    requests,
    endpoints: SERVICES.reduce((n, s) => n + s.endpoints.length, 0),
    roles: roles.size,
  });
});

/**
 * One caller on every endpoint, against a fresh set of the owner's resources; every answer is
 * checked and all mismatches are reported together. `mustChangeNothing`: the owner's resources
 * read the same before and after.
 */
async function callEverything<R extends string>({
  entry,
  matrix,
  role,
  credentials,
  fixture,
  mustChangeNothing,
  outsider,
}: {
  entry: ServiceUnderTest;
  matrix: Record<string, Record<R, Outcome>>;
  role: R;
  credentials: Credentials;
  fixture: MatrixFixture;
  mustChangeNothing: boolean;
  /** No key, or a key of no workspace or company of the owner's: no answer may show the owner's values. */
  outsider: boolean;
}) {
  const { service } = entry;
  const before = mustChangeNothing ? await fixture.snapshot() : undefined;
  const mismatches: string[] = [];
  for (const endpoint of callOrder(entry.endpoints)) {
    const key = endpointKey(endpoint);
    const row = matrix[key];
    if (!row) throw new Error(`${key} (${endpoint.operationId}) has no row in the ${service.name} table: say who may call it`);
    const expected = row[role];
    const body = fixture.bodies[endpoint.operationId];
    if (endpoint.body && !endpoint.bodyOptional && body === undefined) {
      throw new Error(`${key} (${endpoint.operationId}): add a body the owner may send to the ${service.name} fixture`);
    }
    const query = fixture.queries[endpoint.operationId];
    const target = fillPath(endpoint.path, { ...fixture.ids, ...fixture.idsFor[endpoint.operationId] }) + (query ? `?${query}` : "");
    const res = await callWith(`${server.url}${service.basePath}${target}`, endpoint, credentials, body);
    requests += 1;
    // A suggest-only key's refusal names the scope and the operation refused.
    const details = expected === "forbidden_scope" ? { scope: "suggest", operation: endpoint.operationId } : undefined;
    try {
      if (expected === OK) expect(res.status).toBe(endpoint.status);
      else expectServiceError(service, res, expected, key, details);
    } catch {
      mismatches.push(`${key}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
    }
    if (outsider) {
      const text = JSON.stringify(res.body) ?? "";
      for (const secret of fixture.secrets.map(String)) if (text.includes(secret)) mismatches.push(`${key} shows the owner's ${secret}`);
    }
  }
  expect(mismatches, `${service.name} as ${role}`).toEqual([]);
  if (before !== undefined) expect(await fixture.snapshot(), `${role}'s calls changed the owner's resources`).toEqual(before);
}

/**
 * Ids of the service's own shape that name nothing: every endpoint that names one answers 404 to a
 * user of no workspace or company of the owner's, whatever the endpoint and its body.
 */
async function ghostIdsEverywhere(entry: ServiceUnderTest, fixture: MatrixFixture, credentials: Credentials) {
  const { service } = entry;
  const ghost = (value: string | number) => (typeof value === "number" ? 2147483000 : "00000000-0000-4000-8000-00000000dead");
  const ids = Object.fromEntries(Object.entries(fixture.ids).map(([name, value]) => [name, ghost(value)]));
  const mismatches: string[] = [];
  for (const endpoint of entry.endpoints.filter((e) => e.path.includes("{"))) {
    const path = fillPath(endpoint.path, ids);
    const res = await callWith(`${server.url}${service.basePath}${path}`, endpoint, credentials, fixture.bodies[endpoint.operationId]);
    requests += 1;
    try {
      expectServiceError(service, res, "not_found", `${endpoint.method} ${path} (${endpoint.operationId})`);
    } catch {
      mismatches.push(`${endpointKey(endpoint)}: expected not_found, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
    }
  }
  expect(mismatches, `${service.name}: ids that name nothing`).toEqual([]);
}

/** The table has a row for each endpoint of the registry and none more; each error is one the endpoint declares. */
function expectTableMatchesRegistry(entry: ServiceUnderTest, matrix: Record<string, Record<string, Outcome>>) {
  expect(Object.keys(matrix).sort()).toEqual(entry.endpoints.map(endpointKey).sort());
  const undeclared = entry.endpoints.flatMap((endpoint) => {
    const outcomes = new Set(Object.values(matrix[endpointKey(endpoint)]));
    return [...outcomes].filter((o) => o !== OK && !errorCodesOf(endpoint).includes(o)).map((o) => `${endpointKey(endpoint)}: ${o}`);
  });
  expect(undeclared, "answers the OpenAPI document does not list").toEqual([]);
}

const serviceNamed = (name: string) => SERVICES.find((s) => s.service.name === name)!;

/** Roles that may not change the owner's resources: whatever they are allowed touches only their own. */
const AUTHORING_CHANGE_NOTHING: AuthoringRole[] = [
  "anonymous",
  "malformedKey",
  "revokedKey",
  "stranger",
  "learner",
  "learnerOfDrafts",
  // Its threads and suggestions change none of the owner's content: a person accepts a suggestion.
  "suggestKey",
];
const PROPOSALS_CHANGE_NOTHING: ProposalsRole[] = [
  "anonymous",
  "malformedKey",
  "revokedKey",
  "stranger",
  "otherCompany",
  "disabledMember",
  "suggestKey",
];
/** Roles to whom the owner's resources do not exist: no answer to them shows any of the owner's values. */
const AUTHORING_OUTSIDERS: AuthoringRole[] = ["anonymous", "malformedKey", "revokedKey", "stranger"];
const PROPOSALS_OUTSIDERS: ProposalsRole[] = ["anonymous", "malformedKey", "revokedKey", "stranger", "otherCompany"];

/**
 * One service's matrix: its table checked against the registry, then every caller on every
 * endpoint, each against a fresh set of the owner's resources, then ids that name nothing.
 */
function describeMatrix<R extends string, C extends { stranger: { key: string } }>(
  title: string,
  {
    serviceName,
    matrix,
    callers,
    castOf,
    fixtureFor,
    changeNothing,
    outsiders,
  }: {
    serviceName: string;
    matrix: Record<string, Record<R, Outcome>>;
    /** Each role's credentials; `published: false`: the role meets the tree before anything is published. */
    callers: Record<R, { credentials: (cast: C) => Credentials; published?: boolean }>;
    castOf: (server: TestServer) => Promise<C>;
    fixtureFor: (cast: C, options: { published: boolean }) => Promise<MatrixFixture>;
    changeNothing: R[];
    outsiders: R[];
  },
) {
  describe(`[AUTHORIZATION MATRIX] ${title}`, () => {
    const entry = serviceNamed(serviceName);
    let cast: C;
    beforeAll(async () => {
      cast = await castOf(server);
    });

    it("has exactly one row per endpoint of the registry, with errors the endpoints declare", () => {
      expectTableMatchesRegistry(entry, matrix);
    });

    for (const role of Object.keys(callers) as R[]) {
      const mustChangeNothing = changeNothing.includes(role);
      const outsider = outsiders.includes(role);
      it(`${role}: every endpoint answers as the table says${mustChangeNothing ? ", and nothing of the owner's changes" : ""}${outsider ? " or shows" : ""}`, async () => {
        const caller = callers[role];
        const fixture = await fixtureFor(cast, { published: caller.published ?? true });
        const credentials = caller.credentials(cast);
        await callEverything({ entry, matrix, role, credentials, fixture, mustChangeNothing, outsider });
      });
    }

    it("stranger: every endpoint naming a well-formed id that names nothing answers 404", async () => {
      await ghostIdsEverywhere(entry, await fixtureFor(cast, { published: true }), bearer(cast.stranger.key));
    });
  });
}

const withAuthoringCast = {
  callers: AUTHORING_CALLERS,
  castOf: authoringCast,
  changeNothing: AUTHORING_CHANGE_NOTHING,
  outsiders: AUTHORING_OUTSIDERS,
};

describeMatrix("course authoring", {
  serviceName: "authoring",
  matrix: AUTHORING_MATRIX,
  fixtureFor: authoringFixture,
  ...withAuthoringCast,
});

describeMatrix("proposals", {
  serviceName: "proposals",
  matrix: PROPOSALS_MATRIX,
  callers: PROPOSALS_CALLERS,
  castOf: proposalsCast,
  fixtureFor: (cast) => proposalsFixture(server, cast),
  changeNothing: PROPOSALS_CHANGE_NOTHING,
  outsiders: PROPOSALS_OUTSIDERS,
});

// The app's own endpoints (sign-up, workspaces and members, learning, history) meet the course-authoring cast.
describeMatrix("the app's own endpoints", {
  serviceName: "app",
  matrix: APP_MATRIX,
  fixtureFor: (cast, options) => appFixture(server, cast, options),
  ...withAuthoringCast,
});
