// GET /api-keys: list your keys; POST /api-keys: create one
import { createApiKeyEndpoint, listApiKeysEndpoint } from "@/lib/api-keys/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listApiKeysEndpoint);
export const POST = authoringRoute(createApiKeyEndpoint);
