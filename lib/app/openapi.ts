import { buildOpenApi } from "@/lib/openapi/document";
import { appEndpoints } from "./endpoints";
import { appService } from "./service";

let cached: ReturnType<typeof buildOpenApi> | undefined;

/**
 * The app's own endpoints as an OpenAPI document, built like the services' (lib/authoring/openapi.ts)
 * but never served: it is what the browser client's types are generated from (lib/openapi/client-types.ts).
 */
export const appOpenApi = () => (cached ??= buildOpenApi(appService, appEndpoints));
