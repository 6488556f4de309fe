import { identityCodes, type Service } from "@/lib/api/service";
import { ErrorBody } from "./common-schemas";
import { MAX_ARCHIVE_BYTES } from "./exchange/schemas";

/**
 * The course-authoring service: errors as `{error, code, details?}` with lower-case codes (contract.md, Errors),
 * the internal codes as they are except a stale If-Match, which is 409 `conflict` with the item now in
 * `details.current` (docs/decisions/011-optimistic-concurrency.md).
 */
export const authoringService: Service = {
  name: "authoring",
  basePath: "/api/authoring",
  errorCodes: { ...identityCodes(), edit_conflict: { status: 409, code: "conflict" } },
  writeError: (e, code) => ({ error: e.message, code, ...(e.details ? { details: e.details } : {}) }),
  errorSchema: ErrorBody,
  // Multipart bodies are course archives (import_course_archive).
  bodyLimits: { json: 2 * 1024 * 1024, multipart: MAX_ARCHIVE_BYTES },
  openapi: {
    title: "Course Authoring API",
    version: "1.0.0",
    description:
      "Workspaces, projects, courses, modules, lessons, content blocks, the question bank, quizzes, the trash and API keys. " +
      "Authenticate with `Authorization: Bearer <API key>`. Errors answer `{error, code, details?}`. " +
      "Lists answer `{<items>, has_more, limit, offset}`. The interface only grows: ignore unknown fields. " +
      "Updates (PATCH) accept `If-Match: <the item's updated_at>`: if the item changed since, nothing is written and the " +
      "answer is 409 `conflict` with the item as it is now in `details.current`.",
  },
};
