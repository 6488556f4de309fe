import { identityCodes, type Service } from "@/lib/api/service";
import { ErrorBody } from "./common-schemas";

/** The course-authoring service: errors as `{error, code, details?}` with lower-case codes (contract.md, Errors). */
export const authoringService: Service = {
  name: "authoring",
  basePath: "/api/authoring",
  errorCodes: identityCodes(),
  writeError: (e, code) => ({ error: e.message, code, ...(e.details ? { details: e.details } : {}) }),
  errorSchema: ErrorBody,
  bodyLimits: { json: 2 * 1024 * 1024 },
  openapi: {
    title: "Course Authoring API",
    version: "1.0.0",
    description:
      "Workspaces, projects, courses, modules, lessons, content blocks, the question bank, quizzes, the trash and API keys. " +
      "Authenticate with `Authorization: Bearer <API key>`. Errors answer `{error, code, details?}`. " +
      "Lists answer `{<items>, has_more, limit, offset}`. The interface only grows: ignore unknown fields.",
  },
};
