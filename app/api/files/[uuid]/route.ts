// GET /api/files/{uuid}: serve a hosted image or PDF
import { serveAsset } from "@/lib/proposals/images/serve-asset";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ uuid: string }> }) {
  return serveAsset(req, (await params).uuid);
}
