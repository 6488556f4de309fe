// GET /api/bench/auth: the framework floor with the app's API-key lookup and nothing else (BENCH_MODE=1 only)
import { authenticate } from "@/lib/api/authenticate";
import { toAppError } from "@/lib/api/run-endpoint";
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
