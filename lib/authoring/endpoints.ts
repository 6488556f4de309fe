import type { AnyEndpoint } from "@/lib/api/endpoint";
import * as apiKeys from "@/lib/api-keys/endpoints";
import * as analytics from "./analytics/endpoints";
import * as blocks from "./blocks/endpoints";
import * as categories from "./categories/endpoints";
import * as courses from "./courses/endpoints";
import * as exchange from "./exchange/endpoints";
import * as exchangeLinks from "./exchange/link-endpoints";
import * as lessons from "./lessons/endpoints";
import * as modules from "./modules/endpoints";
import * as projects from "./projects/endpoints";
import * as questionFamilies from "./question-families/endpoints";
import * as questions from "./questions/endpoints";
import * as quizzes from "./quizzes/endpoints";
import * as review from "./review/endpoints";
import * as reviewers from "./review/reviewer-endpoints";
import * as trash from "./trash/endpoints";

/**
 * Every endpoint of the course-authoring service (the specification's 58, the checks before publishing,
 * docs/decisions/013-publish-checks.md, and the project outline, docs/decisions/016-project-reads.md):
 * the source of routes, OpenAPI and agent tools.
 */
export const authoringEndpoints: AnyEndpoint[] = [
  projects,
  courses,
  exchange,
  modules,
  lessons,
  blocks,
  quizzes,
  categories,
  questionFamilies,
  questions,
  trash,
  apiKeys,
  exchangeLinks,
  review,
  reviewers,
  analytics,
].flatMap((group) => Object.values(group) as AnyEndpoint[]);

/**
 * Publishing stays with people (course-authoring-service.md excludes it from the agent tools), and so
 * do deciding suggestions, resolving threads and review links (docs/decisions/060). (The review
 * links' own endpoints are public, for people with a link: toolSet leaves public endpoints out.)
 */
export const NOT_AGENT_TOOLS = new Set<string>([
  "publish_course",
  "unpublish_course",
  "publish_lesson",
  "unpublish_lesson",
  "accept_suggestion",
  "reject_suggestion",
  "update_comment",
  "create_review_link",
  "list_review_links",
  "close_review_link",
]);
