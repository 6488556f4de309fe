import { z } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import type { Service, ServiceErrorCode } from "@/lib/api/service";

const e = (status: number, code: string): ServiceErrorCode => ({ status, code });

/**
 * The proposals service's codes (contract.md, Proposals service, Errors). Every internal code is
 * mapped: a caller the service may not serve is 401 here, never 403, and a body that is not JSON
 * is a validation error. 413, 500 and 503 have no code in the document: they get their own,
 * recorded in docs/decisions/007-one-service-kernel.md.
 */
const PROPOSALS_CODES: Record<ErrorCode, ServiceErrorCode> = {
  validation_error: e(400, "VALIDATION_ERROR"),
  invalid_json: e(400, "VALIDATION_ERROR"),
  conflict: e(400, "VALIDATION_ERROR"),
  parent_in_trash: e(400, "VALIDATION_ERROR"),
  workspace_required: e(400, "VALIDATION_ERROR"),
  invalid_recipient: e(400, "INVALID_RECIPIENT"),
  company_mismatch: e(400, "COMPANY_MISMATCH"),
  proposal_withdrawn: e(400, "PROPOSAL_WITHDRAWN"),
  unauthorized: e(401, "UNAUTHORIZED"),
  forbidden: e(401, "UNAUTHORIZED"),
  // Not "may not edit" (401): the caller may send, not have it mailed yet (docs/decisions/033).
  email_not_verified: e(403, "EMAIL_NOT_VERIFIED"),
  // A suggest-only key's refusal is about the key, not the caller's access: 403 (decision 060).
  forbidden_scope: e(403, "FORBIDDEN_SCOPE"),
  // Unlike "may not edit" (401), the caller is a member who may do much, not this (docs/decisions/062).
  owner_required: e(403, "OWNER_REQUIRED"),
  not_found: e(404, "NOT_FOUND"),
  not_editable: e(409, "NOT_EDITABLE"),
  // No proposals endpoint accepts If-Match (its timestamps are whole seconds): never answered.
  edit_conflict: e(409, "CONFLICT"),
  approval_required: e(409, "APPROVAL_REQUIRED"),
  // Enrolments are the app's (/api/app/enrolments): never answered here.
  seats_exhausted: e(409, "SEATS_EXHAUSTED"),
  seat_in_use: e(409, "SEAT_IN_USE"),
  payload_too_large: e(413, "PAYLOAD_TOO_LARGE"),
  rate_limited: e(429, "RATE_LIMITED"),
  internal_error: e(500, "INTERNAL_ERROR"),
  not_configured: e(503, "SERVICE_UNAVAILABLE"),
};

const Issue = z.object({ path: z.string(), message: z.string() });

export const ProposalsErrorBody = z
  .object({
    error: z.object({
      code: z
        .string()
        .describe("VALIDATION_ERROR, INVALID_RECIPIENT, COMPANY_MISMATCH, PROPOSAL_WITHDRAWN, UNAUTHORIZED, NOT_FOUND, NOT_EDITABLE, ..."),
      message: z.string(),
      issues: z.array(Issue).optional().describe("One per problem; an unknown key is an issue naming it"),
      details: z
        .array(z.object({ rule: z.string(), limit: z.number(), actual: z.number() }))
        .optional()
        .describe("APPROVAL_REQUIRED: each approval rule the draft breaks, its limit and the draft's figure"),
    }),
  })
  .meta({ id: "ProposalsError" });

/** The proposals service: `{error: {code, message, issues?}}`, numeric ids, UNIX timestamps, `data` envelopes. */
export const proposalsService: Service = {
  name: "proposals",
  basePath: "/api/proposals",
  errorCodes: PROPOSALS_CODES,
  writeError: (error, code) => {
    // VALIDATION_ERROR always carries issues (contract.md); a body that is not JSON is one issue about the whole body.
    const issues = error.code === "invalid_json" ? [{ path: "", message: error.message }] : error.details?.issues;
    // APPROVAL_REQUIRED names each rule the draft breaks (docs/decisions/062).
    const reasons = error.code === "approval_required" ? error.details?.reasons : undefined;
    return {
      error: {
        code,
        message: error.message,
        ...(Array.isArray(issues) ? { issues } : {}),
        ...(Array.isArray(reasons) ? { details: reasons } : {}),
      },
    };
  },
  errorSchema: ProposalsErrorBody,
  bodyLimits: { json: 2 * 1024 * 1024, multipart: 20 * 1024 * 1024 },
  openapi: {
    title: "Proposals API",
    version: "1.0.0",
    description:
      "Companies, the content library, proposals with series and versions, contacts and attachments. " +
      "Authenticate with `Authorization: Bearer <API key>` (the same keys as the course-authoring API). " +
      "Errors answer `{error: {code, message, issues?}}`. Timestamps are UNIX seconds.",
  },
};
