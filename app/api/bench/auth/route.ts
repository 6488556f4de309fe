// GET /api/bench/auth: the framework floor with the app's API-key lookup and nothing else; POST: the
// same, reading a JSON body as the app's route handlers do (the floor of a write). BENCH_MODE=1 only.
import { authenticate } from "@/lib/api/authenticate";
import { toAppError } from "@/lib/api/run-endpoint";
import { readJsonBody } from "@/lib/api/route-handler";
import { getDb } from "@/lib/db/client";
import { errorResponse, isBenchMode, notInBenchMode } from "../bench-mode";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  if (!isBenchMode()) return notInBenchMode();
  try {
    const caller = await authenticate(req, await getDb());
    return Response.json({ user_id: caller.userId }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(toAppError(error, crypto.randomUUID()));
  }
}

export async function POST(req: Request) {
  if (!isBenchMode()) return notInBenchMode();
  try {
    const caller = await authenticate(req, await getDb());
    const body = await readJsonBody(req, false, 1024 * 1024);
    return Response.json({ user_id: caller.userId, fields: Object.keys(body ?? {}).length }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(toAppError(error, crypto.randomUUID()));
  }
}
