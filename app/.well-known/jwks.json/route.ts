// GET /.well-known/jwks.json: the public keys that sign certificates' credentials (issue 43, docs/decisions/070)
import { publishedKeys } from "@/lib/certificates/signing-keys";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export async function GET() {
  const keys = await publishedKeys(await getDb());
  return Response.json(
    { keys },
    // Short-lived in caches: a rotation is published within minutes, a retirement too.
    { headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" } },
  );
}
