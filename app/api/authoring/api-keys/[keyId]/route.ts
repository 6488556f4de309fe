// DELETE /api-keys/{keyId}: revoke a key
import { authoringRoute } from "@/lib/authoring/route";
import { revokeApiKeyEndpoint } from "@/lib/api-keys/endpoints";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(revokeApiKeyEndpoint);
