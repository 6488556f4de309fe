"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "@/lib/accounts/password-policy";
import { failureOf } from "./failure";
import { resetPassword } from "./queries";

/**
 * A new password for the account of a reset link's `token`. The password rules are the server's
 * (shown under the field when refused); once it is set every other session has ended, and this
 * one signs in with it.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [passwordIssue, setPasswordIssue] = useState<string>();
  const [linkIssue, setLinkIssue] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setError(undefined);
    setPasswordIssue(undefined);
    let email: string;
    try {
      ({ email } = await resetPassword({ token, password }));
    } catch (e) {
      const { issues, message } = failureOf(e, "Could not set the password. Try again.");
      setPasswordIssue(issues.find((issue) => issue.path === "password")?.message);
      setLinkIssue(issues.find((issue) => issue.path === "token")?.message);
      setError(message);
      setPending(false);
      return;
    }
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result || result.error) {
      router.replace("/sign-in");
      return;
    }
    router.replace("/start");
    router.refresh();
  }

  if (linkIssue) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">This link no longer works</h1>
        <Alert>{linkIssue}</Alert>
        <p className="text-center text-sm">
          <Link href="/forgot-password" className="font-medium text-brand-600 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }

  return (
    // POST, so a submit before the script has loaded never puts the password in the address.
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      <p className="text-sm text-slate-700">Setting it signs you out on every other device.</p>
      {error ? <Alert>{error}</Alert> : null}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={PASSWORD_HINT}
        error={passwordIssue}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving…" : "Set password and sign in"}
      </Button>
    </form>
  );
}
