import { z } from "zod";
import { RANDOM_TOKEN_PATTERN } from "@/lib/security/token-format";
import { EMAIL_AS_PASSWORD, isPasswordLikeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, weakPasswordReason } from "./password-policy";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "Enter a valid email address" }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `Use at most ${PASSWORD_MAX_LENGTH} characters` })
  .superRefine((password, ctx) => {
    // The length has its own issue above; the rest of the policy speaks when the length is right.
    const reason = [...password].length >= PASSWORD_MIN_LENGTH ? weakPasswordReason(password) : null;
    if (reason) ctx.addIssue({ code: "custom", message: reason });
  });

/** A path of this app to go on to (`/learn?x=1`): never another site, never `//host`. */
export const nextPathSchema = z
  .string()
  .max(1000)
  .regex(/^\/([^/\\\s]\S*)?$/, { message: "A path of this app, starting with /" });

export const SignUpRequest = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z.string().trim().min(1, { message: "Enter your name" }).max(100),
    next: nextPathSchema.optional().describe("Where the verification link leads once the address is confirmed"),
  })
  // The password against the email needs both fields, so it is checked on the object.
  .superRefine((input, ctx) => {
    if (isPasswordLikeEmail(input.password, input.email)) ctx.addIssue({ code: "custom", path: ["password"], message: EMAIL_AS_PASSWORD });
  })
  .meta({ id: "SignUpRequest" });

/**
 * The one answer to sign-up, to "forgot password?" and to "resend": the same whether or not the
 * address has an account, so none of them tells anyone which addresses do (docs/decisions/031).
 */
export const CheckInboxResponse = z
  .object({ status: z.literal("check_inbox").describe("A mail is on its way if the address needs one") })
  .meta({ id: "CheckInbox" });

export const SignUpResponse = CheckInboxResponse;

export const PasswordResetRequest = z.object({ email: emailSchema }).meta({ id: "PasswordResetRequest" });

/** What a mailed link carries: a random token (lib/security/tokens.ts). */
export const tokenSchema = z.string().regex(RANDOM_TOKEN_PATTERN, { message: "This is not a link we sent: ask for a new one" });

export const PasswordResetConfirm = z.object({ token: tokenSchema, password: passwordSchema }).meta({ id: "PasswordResetConfirm" });

export const PasswordResetDone = z
  .object({ email: z.string().describe("The account's address, to sign in with the new password") })
  .meta({ id: "PasswordResetDone" });
