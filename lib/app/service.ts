import type { Service } from "@/lib/api/service";
import { authoringService } from "@/lib/authoring/service";

/**
 * The app's own endpoints (./endpoints.ts: sign-up, workspaces and members, learning, results,
 * history, the recipient's answers) answer in the course-authoring shape, under `/api`. They have
 * no agent tools and no published OpenAPI document (docs/decisions/005-learner-endpoints-outside-the-service.md):
 * ./openapi.ts builds one only for the browser client's types (lib/client/schema/app.d.ts). The
 * buyer's seats and certificates are the exception (./buyer.ts, docs/decisions/071-buyer-agent-tools.md).
 */
export const appService: Service = {
  ...authoringService,
  name: "app",
  basePath: "/api",
  // /verify takes a PDF upload; an acceptance record is far smaller than this.
  bodyLimits: { ...authoringService.bodyLimits, multipart: 20 * 1024 * 1024 },
  openapi: {
    title: "Coursewright app API (internal)",
    version: "1.0.0",
    description:
      "The app's own endpoints, for its browser pages: sign-up, team workspaces and members, learning, results, history " +
      "and the recipient's answers. Not published: it describes what the browser client may call.",
  },
};
