import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata = { title: "Sign in" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// Rendered on the server with what the address says, so the form is there before any script runs.
export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  return (
    <SignInForm
      next={first(params.next) ?? null}
      isNewAccount={Boolean(first(params.registered))}
      isVerified={Boolean(first(params.verified))}
    />
  );
}
