import { buildOpenApi } from "@/lib/openapi/document";
import { proposalsEndpoints } from "./endpoints";
import { proposalsService } from "./service";

let cached: ReturnType<typeof buildOpenApi> | undefined;

export const proposalsOpenApi = () => (cached ??= buildOpenApi(proposalsService, proposalsEndpoints));
