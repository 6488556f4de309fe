// GET /api/bench/auth: the framework floor with the app's API-key lookup and nothing else; POST: the
// same, reading a JSON body as the app's route handlers do (the floor of a write). The benchmark's build only.
import { admit } from "@/lib/api/admit";
import { readJsonBody } from "@/lib/api/route-handler";
import { appService } from "@/lib/app/service";

export const dynamic = "force-dynamic";

// The lookup alone: the benchmark shows what the key's rate limit adds beside it (/api/bench/auth-limit).
const KEY_LOOKUP = { isKeyLimited: false } as const;

export async function GET(req: Request) {
  const admitted = await admit(req, appService, KEY_LOOKUP);
  if (admitted instanceof Response) return admitted;
  return Response.json({ user_id: admitted.caller.userId }, { headers: { "cache-control": "no-store" } });
}

export async function POST(req: Request) {
  const readBody = (r: Request) => readJsonBody(r, false, appService.bodyLimits.json);
  const admitted = await admit(req, appService, { ...KEY_LOOKUP, readBody });
  if (admitted instanceof Response) return admitted;
  const fields = Object.keys(admitted.body ?? {}).length;
  return Response.json({ user_id: admitted.caller.userId, fields }, { headers: { "cache-control": "no-store" } });
}
