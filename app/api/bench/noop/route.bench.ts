// GET /api/bench/noop: the framework floor, a route handler that does no work (the benchmark's build only: bench/README.md)
export const dynamic = "force-dynamic";

export async function GET() {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}
