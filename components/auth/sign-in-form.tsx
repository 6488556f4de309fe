"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { resolveNext } from "@/lib/auth/safe-next";

/**
 * `next` is where the visitor was going (kept only on this app's origin); without one, /start picks
 * Learn or the authoring home for them.
 */
export function SignInForm({
  next,
  isNewAccount,
  isVerified = false,
}: {
  next: string | null;
  isNewAccount: boolean;
  isVerified?: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (!result || result.error) {
      setPending(false);
      setError(
        result?.status === 429
          ? "Too many failed sign-ins. Wait a few minutes, then try again."
          : "That email and password do not match an account.",
      );
      return;
    }
    router.replace(next ? resolveNext(next, window.location.origin) : "/start");
    router.refresh();
  }

  return (
    // POST, so a submit before the script has loaded never puts the password in the address.
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Sign in</h1>
      {isNewAccount ? <Alert tone="success">Your account is ready. Sign in to continue.</Alert> : null}
      {isVerified ? <Alert tone="success">Your email address is confirmed. Sign in to continue.</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-600 hover:underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        New here?{" "}
        <Link href={next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up"} className="font-medium text-brand-600 hover:underline">
          Create an account
        </Link>
      </p>
    </form>
  );
}
