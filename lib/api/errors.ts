/** Every failure a client can cause, by code; each service writes it in its own shape. */
export const ERROR_STATUS = {
  validation_error: 400,
  invalid_json: 400,
  conflict: 400,
  parent_in_trash: 400,
  workspace_required: 400,
  invalid_recipient: 400,
  company_mismatch: 400,
  proposal_withdrawn: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A suggest-only API key asked for a write other than comments and suggestions (decision 060). */
  forbidden_scope: 403,
  /** An action that mails other people in the caller's name, before they verified their address (decision 031). */
  email_not_verified: 403,
  /** An action only the company's owners take (approving a proposal, its approval rules): 403 in both services (decision 062). */
  owner_required: 403,
  not_found: 404,
  not_editable: 409,
  /** The item changed since the version a request's If-Match names (course authoring: 409 `conflict`). */
  edit_conflict: 409,
  /** Sending a draft that breaks its company's approval rules without an owner's approval of this version (decision 062). */
  approval_required: 409,
  /** Inviting more learners than an enrolment has seats left (issue 43): nobody is invited. */
  seats_exhausted: 409,
  /** Freeing the seat of a learner who has started the course: a seat taken stays taken (issue 43). */
  seat_in_use: 409,
  payload_too_large: 413,
  rate_limited: 429,
  not_configured: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ValidationIssue = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const forbidden = (message: string) => new AppError("forbidden", message);
export const unauthorized = (message = "Missing or invalid API key") => new AppError("unauthorized", message);
export const validationError = (issues: ValidationIssue[], message = "Invalid request") =>
  new AppError("validation_error", issues.length === 1 ? `${message}: ${describe(issues[0])}` : message, { issues });

function describe(issue: ValidationIssue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}
