import type { Service } from "@/lib/api/service";
import { authoringService } from "@/lib/authoring/service";

/**
 * The app's own endpoints (./endpoints.ts: sign-up, workspaces and members, learning, results,
 * history, the recipient's answers) answer in the course-authoring shape, under `/api`. They have
 * no OpenAPI document and no agent tools (docs/decisions/005-learner-endpoints-outside-the-service.md).
 */
export const appService: Service = { ...authoringService, name: "app", basePath: "/api" };
