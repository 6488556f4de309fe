// DELETE /api-keys/{keyId}: revoke a key
import { revokeApiKeyEndpoint } from "@/lib/api-keys/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(revokeApiKeyEndpoint);
