// GET /openapi.json: the course-authoring service's OpenAPI 3.1 document
import { authoringOpenApi } from "@/lib/authoring/openapi";

export const dynamic = "force-static";

export function GET() {
  return Response.json(authoringOpenApi(), { headers: { "cache-control": "public, max-age=300" } });
}
