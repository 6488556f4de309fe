import { z } from "zod";
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

export const SignUpRequest = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z.string().trim().min(1, { message: "Enter your name" }).max(100),
  })
  // The password against the email needs both fields, so it is checked on the object.
  .superRefine((input, ctx) => {
    if (isPasswordLikeEmail(input.password, input.email)) ctx.addIssue({ code: "custom", path: ["password"], message: EMAIL_AS_PASSWORD });
  })
  .meta({ id: "SignUpRequest" });

export const SignUpResponse = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  personal_workspace_id: z.uuid(),
});
