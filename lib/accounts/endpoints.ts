import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { dbHealth } from "@/lib/db/client";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import {
  CheckInboxResponse,
  PasswordResetConfirm,
  PasswordResetDone,
  PasswordResetRequest,
  SignUpRequest,
  SignUpResponse,
} from "./schemas";
import { signUp } from "./sign-up";
import { resendVerification } from "./verify-email";

const CHECK_INBOX = { status: "check_inbox" } as const;

export const signUpEndpoint = defineEndpoint({
  operationId: "sign_up",
  method: "POST",
  path: "/account/signup",
  tag: "Account",
  summary: "Create an account",
  description:
    "Creates an unverified user with a personal workspace and mails a verification link, or, when the address " +
    "already has an account, mails its owner a reset link and changes nothing: the answer is the same either " +
    "way. Sign in afterwards with the same email and password.",
  isPublic: true,
  body: SignUpRequest,
  response: SignUpResponse,
  status: 202,
  // 429 comes from the route (app/api/account/signup), which counts sign-ups per address before this runs.
  errors: ["rate_limited"],
  run: async ({ db, body }) => {
    await signUp(db, body);
    return CHECK_INBOX;
  },
});

export const requestPasswordResetEndpoint = defineEndpoint({
  operationId: "request_password_reset",
  method: "POST",
  path: "/account/password-reset",
  tag: "Account",
  summary: "Mail a password reset link",
  description:
    "Mails a link to choose a new password if the address has an account; the answer is the same whether it " +
    "has one or not. Limited per client address and per address mailed.",
  isPublic: true,
  addressLimit: "password_reset",
  body: PasswordResetRequest,
  response: CheckInboxResponse,
  status: 202,
  run: async ({ db, body }) => {
    await requestPasswordReset(db, body.email);
    return CHECK_INBOX;
  },
});

export const resetPasswordEndpoint = defineEndpoint({
  operationId: "reset_password",
  method: "POST",
  path: "/account/password-reset/confirm",
  tag: "Account",
  summary: "Set a new password with a reset link",
  description:
    "Sets the password with the token of a reset link (once, within its hour), ends every session of the " +
    "account, clears its sign-in lockout and marks its address verified. Answers the address to sign in with.",
  isPublic: true,
  addressLimit: "password_reset",
  body: PasswordResetConfirm,
  response: PasswordResetDone,
  status: 200,
  run: ({ db, body }) => resetPassword(db, body),
});

export const resendVerificationEndpoint = defineEndpoint({
  operationId: "resend_verification",
  method: "POST",
  path: "/account/verification",
  tag: "Account",
  summary: "Mail a new verification link",
  description:
    "Mails the caller a new link to confirm their address, unless it is confirmed already; the answer is the same. " +
    "Limited per address mailed.",
  response: CheckInboxResponse,
  status: 202,
  run: async ({ db, caller }) => {
    await resendVerification(db, caller.userId);
    return CHECK_INBOX;
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
