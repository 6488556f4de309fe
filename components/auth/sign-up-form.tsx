"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "@/lib/accounts/password-policy";
import { ApiClientError } from "@/lib/client/api";
import { signUp } from "./queries";

type Issues = Partial<Record<"email" | "password" | "name", string>>;

export function SignUpForm() {
  const router = useRouter();
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
    const result = await signIn("credentials", { email: input.email, password: input.password, redirect: false });
    if (!result || result.error) {
      router.replace("/sign-in?registered=1");
      return;
    }
    router.replace("/");
    router.refresh();
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
        <Link href="/sign-in" className="font-medium text-brand-600 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
