// GET /api/presence/stream?kind=lesson|proposal&id=<uuid>&session=<tab id>: Server-Sent Events
import { streamPresence } from "@/lib/presence/stream";

export const dynamic = "force-dynamic";
export const GET = streamPresence;
