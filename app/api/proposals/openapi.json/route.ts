// GET /openapi.json: the proposals service's OpenAPI 3.1 document
import { proposalsOpenApi } from "@/lib/proposals/openapi";

export const dynamic = "force-static";

export function GET() {
  return Response.json(proposalsOpenApi(), { headers: { "cache-control": "public, max-age=300" } });
}
