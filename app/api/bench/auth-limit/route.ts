// GET /api/bench/auth-limit: the framework floor with what every API-key request pays before its
// route's own work, the key lookup and the rate limit, and nothing else (BENCH_MODE=1 only)
import { authenticate } from "@/lib/api/authenticate";
import { limitApiRequest } from "@/lib/api/rate-limit";
import { toAppError } from "@/lib/api/run-endpoint";
import { getDb } from "@/lib/db/client";
import { errorResponse, isBenchMode, notInBenchMode } from "../bench-mode";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  if (!isBenchMode()) return notInBenchMode();
  try {
    const caller = await authenticate(req, await getDb());
    if (caller.apiKeyId) await limitApiRequest(req, caller.apiKeyId);
    return Response.json({ user_id: caller.userId }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(toAppError(error, crypto.randomUUID()));
  }
}
