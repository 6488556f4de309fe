// GET /api/health: is the service up, and can it reach its database
import { health } from "@/lib/accounts/endpoints";

export const dynamic = "force-dynamic";

export async function GET() {
  const { status, body } = await health();
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}
