import type { AnyEndpoint } from "@/lib/api/endpoint";
import * as approvals from "./approvals/endpoints";
import * as attachments from "./attachments/endpoints";
import * as comments from "./comments/comments";
import * as companies from "./companies/endpoints";
import * as companyWorkspace from "./companies/workspace-link";
import * as contacts from "./contacts/endpoints";
import * as content from "./content/endpoints";
import * as engagement from "./engagement/endpoints";
import * as enrolments from "./enrolments/endpoints";
import * as events from "./events/endpoints";
import * as images from "./images/endpoints";
import * as members from "./members/endpoints";
import * as pdf from "./pdf/endpoints";
import * as pipeline from "./pipeline/endpoints";
import * as proposals from "./proposals/endpoints";
import * as rfps from "./rfps/endpoints";
import * as webhooks from "./webhooks/endpoints";

/** Every endpoint of the proposals service: the source of routes, OpenAPI and agent tools. */
export const proposalsEndpoints: AnyEndpoint[] = [
  companies,
  companyWorkspace,
  members,
  contacts,
  rfps,
  proposals,
  events,
  engagement,
  pdf,
  content,
  images,
  attachments,
  webhooks,
  comments,
  approvals,
  pipeline,
  enrolments,
].flatMap((group) => Object.values(group) as AnyEndpoint[]);
