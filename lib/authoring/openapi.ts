import { buildOpenApi } from "@/lib/openapi/document";
import { ErrorBody } from "@/lib/authoring/common-schemas";
import { authoringEndpoints } from "./endpoints";

let cached: ReturnType<typeof buildOpenApi> | undefined;

export function authoringOpenApi() {
  return (cached ??= buildOpenApi(
    {
      title: "Course Authoring API",
      version: "1.0.0",
      basePath: "/api/authoring",
      description:
        "Workspaces, projects, courses, modules, lessons, content blocks, the question bank, quizzes, the trash and API keys. " +
        "Authenticate with `Authorization: Bearer <API key>`. Errors answer `{error, code, details?}`. " +
        "Lists answer `{<items>, has_more, limit, offset}`. The interface only grows: ignore unknown fields.",
      errorSchema: ErrorBody,
    },
    authoringEndpoints,
  ));
}
