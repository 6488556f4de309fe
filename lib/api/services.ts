import type { Service } from "./endpoint";

/** Course-authoring error shape: {error, code, details?} (contract.md, Errors). */
export const authoringService: Service = {
  name: "authoring",
  basePath: "/api/authoring",
  writeError: (e) => ({ error: e.message, code: e.code, ...(e.details ? { details: e.details } : {}) }),
};

/** Proposals error shape: {error: {code, message, issues?}} (contract.md, Proposals, Errors). */
export const proposalsService: Service = {
  name: "proposals",
  basePath: "/api/proposals",
  writeError: (e) => ({
    error: {
      code: e.code.toUpperCase(),
      message: e.message,
      ...(Array.isArray(e.details?.issues) ? { issues: e.details.issues } : {}),
    },
  }),
};

/** The app's own endpoints (sign-up, health) answer in the course-authoring shape. */
export const appService: Service = { ...authoringService, name: "app", basePath: "/api" };
