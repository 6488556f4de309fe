"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { failureOf } from "./failure";
import { requestPasswordReset } from "./queries";

/**
 * "Forgot password?": asks for an address and answers the same whether or not it has an account
 * (docs/decisions/031), so the page tells nobody which addresses do. `validFor`: the link's
 * lifetime in words.
 */
export function ForgotPasswordForm({ validFor }: { validFor: string }) {
  const [sent, setSent] = useState(false);
  const [emailIssue, setEmailIssue] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setPending(true);
    setError(undefined);
    setEmailIssue(undefined);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (e) {
      const { issues, message } = failureOf(e, "Could not send the link. Try again.");
      setEmailIssue(issues.find((issue) => issue.path === "email")?.message ?? (issues.length ? issues[0].message : undefined));
      setError(message);
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">Check your inbox</h1>
        <Alert tone="success">If an account exists for that address, we sent a link to choose a new password.</Alert>
        <p className="text-sm text-slate-700">
          The link works once, for {validFor}. No mail after a few minutes? Look in your spam folder, or check the address and ask again.
        </p>
        <p className="text-center text-sm">
          <Link href="/sign-in" className="font-medium text-brand-600 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Forgot your password?</h1>
      <p className="text-sm text-slate-700">
        Enter your account&apos;s email address and we will mail you a link to choose a new password.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Email" name="email" type="email" autoComplete="email" required error={emailIssue} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Send the link"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link href="/sign-in" className="font-medium text-brand-600 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
