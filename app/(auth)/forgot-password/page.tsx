import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { TOKEN_LIFETIME_SECONDS } from "@/lib/accounts/tokens";
import { describeDuration } from "@/lib/mail/templates/duration";

export const metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm validFor={describeDuration(TOKEN_LIFETIME_SECONDS.password_reset)} />;
}
