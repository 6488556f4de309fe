"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "@/lib/accounts/password-policy";
import { nextPathSchema } from "@/lib/accounts/schemas";
import { ApiClientError } from "@/lib/client/api";
import { signUp } from "./queries";

type Issues = Partial<Record<"email" | "password" | "name", string>>;

/** The sign-in page, keeping where the visitor was going. */
const signInHref = (next: string | null) => (next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in");

/**
 * Sign-up answers "check your inbox" whether or not the address has an account (docs/decisions/031),
 * so the form does not sign anyone in: it says where the mail went and leads to sign-in. `next` is
 * where the visitor was going: the verification link leads there.
 */
export function SignUpForm({ next }: { next: string | null }) {
  const [sentTo, setSentTo] = useState<string>();
  const [issues, setIssues] = useState<Issues>({});
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      // A `next` the API would refuse is left out rather than failing the sign-up.
      ...(nextPathSchema.safeParse(next).success ? { next: next! } : {}),
    };
    setPending(true);
    setError(undefined);
    setIssues({});
    try {
      await signUp(input);
    } catch (e) {
      const failure = e instanceof ApiClientError ? e : new ApiClientError(0, "Sign-up failed. Try again.");
      const fieldIssues: Issues = {};
      for (const issue of failure.issues) fieldIssues[issue.path as keyof Issues] ??= issue.message;
      setIssues(fieldIssues);
      // A body without the service's error shape (a proxy's page) gets the generic line.
      const said = failure.status === 0 || failure.code !== undefined;
      setError(Object.keys(fieldIssues).length ? undefined : said ? failure.message : "Sign-up failed. Try again.");
      setPending(false);
      return;
    }
    setSentTo(input.email.trim());
  }

  if (sentTo) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">Check your inbox</h1>
        <p className="text-sm text-slate-700">
          We sent a mail to <strong className="break-all">{sentTo}</strong>. Open the link in it to confirm your address. If the address
          already has an account, the mail says how to get back in.
        </p>
        <p className="text-sm text-slate-700">
          You can sign in right away: until you confirm, you can use everything except inviting people and mailing proposals.
        </p>
        <Link
          href={signInHref(next)}
          className="flex w-full justify-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Sign in
        </Link>
      </div>
    );
  }

  return (
    // POST, so a submit before the script has loaded never puts the password in the address.
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Create your account</h1>
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Name" name="name" autoComplete="name" required error={issues.name} />
      <Field label="Email" name="email" type="email" autoComplete="email" required error={issues.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={PASSWORD_HINT}
        error={issues.password}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href={signInHref(next)} className="font-medium text-brand-600 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
