// GET, POST /v1/attachments: list the attachment library, add a file to it
import { listAttachmentsEndpoint, uploadAttachmentEndpoint } from "@/lib/proposals/attachments/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listAttachmentsEndpoint);
export const POST = proposalsRoute(uploadAttachmentEndpoint);
