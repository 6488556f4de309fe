import { ButtonLink, LinkRefused } from "@/components/auth/link-refused";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { TOKEN_LIFETIME_SECONDS, tokenState } from "@/lib/accounts/tokens";
import { getDb } from "@/lib/db/client";
import { describeDuration } from "@/lib/mail/templates/duration";

export const metadata = { title: "Choose a new password" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// The link's state is read on the server (the token is not used until the new password is sent).
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const token = first((await searchParams).token) ?? "";
  const { state } = await tokenState(await getDb(), token, "password_reset");
  if (state === "valid") return <ResetPasswordForm token={token} />;
  return (
    <LinkRefused reason={state}>
      <p className="text-sm text-slate-700">
        A reset link works once, for {describeDuration(TOKEN_LIFETIME_SECONDS.password_reset)}. Ask for a new one: it takes a minute.
      </p>
      <ButtonLink href="/forgot-password">Ask for a new link</ButtonLink>
    </LinkRefused>
  );
}
