// GET /api/bench/noop: the framework floor, a route handler that does no work (BENCH_MODE=1 only)
import { isBenchMode, notInBenchMode } from "../bench-mode";

export const dynamic = "force-dynamic";

export async function GET() {
  if (!isBenchMode()) return notInBenchMode();
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}
