import { COMMON_PASSWORDS } from "./common-passwords";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not your email.`;

/** The password with the digits and symbols people pad a common word with removed: "Summer2024!" -> "summer". */
function core(password: string): string {
  return password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
}

/**
 * Why a password would be easy to guess, or null when it is acceptable. One home for the rule:
 * the sign-up schema, the admin CLI and the seeds all go through it.
 */
export function weakPasswordReason(password: string, email?: string): string | null {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (new Set(chars).size === 1) return "Use more than one distinct character";
  const lower = password.toLowerCase().trim();
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(core(password))) {
    return "This password is too common; choose one that is harder to guess";
  }
  if (email && isPasswordLikeEmail(password, email)) return EMAIL_AS_PASSWORD;
  return null;
}

export const EMAIL_AS_PASSWORD = "Do not use your email address as your password";

/** The email, its local part, or either padded with digits and symbols. */
export function isPasswordLikeEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase().trim();
  const address = email.trim().toLowerCase();
  const local = address.split("@")[0];
  return lower.includes(address) || lower === local || (core(local) !== "" && core(password) === core(local));
}
