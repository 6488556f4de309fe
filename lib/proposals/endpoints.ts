import type { AnyEndpoint } from "@/lib/api/endpoint";
import * as companies from "./companies/endpoints";

/** Every endpoint of the proposals service: the source of routes, OpenAPI and agent tools. */
export const proposalsEndpoints: AnyEndpoint[] = [companies].flatMap((group) => Object.values(group) as AnyEndpoint[]);
