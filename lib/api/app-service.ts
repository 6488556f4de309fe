import { authoringService } from "@/lib/authoring/service";
import type { Service } from "./service";

/** The app's own endpoints (sign-up, workspaces, learning, history) answer in the course-authoring shape. */
export const appService: Service = { ...authoringService, name: "app", basePath: "/api" };
