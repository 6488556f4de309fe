import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { dbHealth } from "@/lib/db/client";
import { createUser } from "./create-user";
import { SignUpRequest, SignUpResponse } from "./schemas";

export const signUpEndpoint = defineEndpoint({
  operationId: "sign_up",
  method: "POST",
  path: "/account/signup",
  tag: "Account",
  summary: "Create an account",
  description: "Creates a user with a personal workspace. Sign in afterwards with the same email and password.",
  isPublic: true,
  body: SignUpRequest,
  response: SignUpResponse,
  status: 201,
  // 429 comes from the route (app/api/account/signup), which counts sign-ups per address before this runs.
  errors: ["conflict", "rate_limited"],
  run: async ({ db, body }) => {
    const { user, workspace } = await createUser(db, body);
    return { id: user.id, email: user.email, name: user.name, personal_workspace_id: workspace.id };
  },
});

export const HealthResponse = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unreachable", "locked", "migrations_pending", "migration_failed"]),
});

/** GET /api/health: 200 when the database answers, 503 saying why when it does not. */
export async function health(): Promise<{ status: number; body: z.infer<typeof HealthResponse> }> {
  const database = await dbHealth();
  return database === "ok" ? { status: 200, body: { status: "ok", database } } : { status: 503, body: { status: "unavailable", database } };
}
