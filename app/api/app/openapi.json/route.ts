// GET /app/openapi.json: the OpenAPI 3.1 document of the buyer's seats and certificates (the app's other endpoints have none)
import { buyerOpenApi } from "@/lib/app/buyer";

export const dynamic = "force-static";

export function GET() {
  return Response.json(buyerOpenApi(), { headers: { "cache-control": "public, max-age=300" } });
}
