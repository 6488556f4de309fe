// GET /api/bench/auth-limit: the framework floor with what every API-key request pays before its
// route's own work, its admission (the key lookup and the rate limit), and nothing else. The benchmark's build only.
import { admit } from "@/lib/api/admit";
import { appService } from "@/lib/app/service";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const admitted = await admit(req, appService);
  if (admitted instanceof Response) return admitted;
  return Response.json({ user_id: admitted.caller.userId }, { headers: { "cache-control": "no-store" } });
}
