// GET, POST, PUT, DELETE /v3/content: list, create, update and archive content items
import {
  createContentEndpoint,
  deleteContentEndpoint,
  listContentEndpoint,
  updateContentEndpoint,
} from "@/lib/proposals/content/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listContentEndpoint);
export const POST = proposalsRoute(createContentEndpoint);
export const PUT = proposalsRoute(updateContentEndpoint);
export const DELETE = proposalsRoute(deleteContentEndpoint);
