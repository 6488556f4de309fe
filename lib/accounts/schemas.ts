import { z } from "zod";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "Enter a valid email address" }));

export const passwordSchema = z
  .string()
  .min(8, { message: "Use at least 8 characters" })
  .max(200, { message: "Use at most 200 characters" });

export const SignUpRequest = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z.string().trim().min(1, { message: "Enter your name" }).max(100),
  })
  .meta({ id: "SignUpRequest" });

export const SignUpResponse = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  personal_workspace_id: z.uuid(),
});
