// POST /v3/images: host an image
import { uploadImageEndpoint } from "@/lib/proposals/images/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(uploadImageEndpoint);
