import { appApi } from "@/lib/client/api";
import type { SignUpInput } from "@/lib/client/types";

/** Creates an account (and its personal workspace), or mails the owner of a known address: the answer is the same. */
export const signUp = (input: SignUpInput) => appApi.POST("/account/signup", { body: input });

/** "Forgot password?": mails a reset link if the address has an account; the answer is the same either way. */
export const requestPasswordReset = (email: string) => appApi.POST("/account/password-reset", { body: { email } });

/** Sets a new password with a reset link's token; answers the account's address, to sign in with. */
export const resetPassword = (input: { token: string; password: string }) =>
  appApi.POST("/account/password-reset/confirm", { body: input });

/** "Resend" in the banner: a new verification link to the signed-in user. */
export const resendVerification = () => appApi.POST("/account/verification");
