import { buildOpenApi } from "@/lib/openapi/document";
import { authoringEndpoints } from "./endpoints";
import { authoringService } from "./service";

let cached: ReturnType<typeof buildOpenApi> | undefined;

export const authoringOpenApi = () => (cached ??= buildOpenApi(authoringService, authoringEndpoints));
