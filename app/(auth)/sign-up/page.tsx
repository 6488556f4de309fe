import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata = { title: "Sign up" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SignUpPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <SignUpForm next={first((await searchParams).next) ?? null} />;
}
