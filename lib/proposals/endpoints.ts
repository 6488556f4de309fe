import type { AnyEndpoint } from "@/lib/api/endpoint";
import * as companies from "./companies/endpoints";
import * as contacts from "./contacts/endpoints";
import * as rfps from "./rfps/endpoints";

/** Every endpoint of the proposals service: the source of routes, OpenAPI and agent tools. */
export const proposalsEndpoints: AnyEndpoint[] = [
  companies,
  contacts,
  rfps,
].flatMap((group) => Object.values(group) as AnyEndpoint[]);
