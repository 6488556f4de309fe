"use client";

import { useRouter } from "next/navigation";
import { signIn, signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "@/lib/accounts/password-policy";
import { ApiClientError } from "@/lib/client/api";
import { acceptInvitation, signUpFromInvitation } from "./requests";

type Props = { token: string; email: string; targetName: string };

/** After joining: into the workspace or company, and the header learns about it on the server. */
function useEnter() {
  const router = useRouter();
  return (url: string) => {
    router.replace(url);
    router.refresh();
  };
}

/**
 * A refusal of the accept: the page, rendered again, says what the invitation is now (used,
 * withdrawn, expired); anything else is shown here.
 */
function useRefusal(setError: (message: string) => void) {
  const router = useRouter();
  return (error: unknown) => {
    if (error instanceof ApiClientError && (error.code === "conflict" || error.status === 404)) router.refresh();
    setError(error instanceof Error ? error.message : "Something went wrong. Try again.");
  };
}

/** The invited address's own account, signed in: one button. */
export function AcceptButton({ token, targetName }: Omit<Props, "email">) {
  const enter = useEnter();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const refused = useRefusal(setError);
  async function onAccept() {
    setPending(true);
    setError(undefined);
    try {
      enter((await acceptInvitation(token)).url);
    } catch (e) {
      setPending(false);
      refused(e);
    }
  }
  return (
    <div className="space-y-3">
      {error ? <Alert>{error}</Alert> : null}
      <Button type="button" className="w-full" onClick={onAccept} disabled={pending}>
        {pending ? "Joining…" : `Accept and open ${targetName}`}
      </Button>
    </div>
  );
}

/** The address shown, fixed: the invitation is for it and no other. */
function FixedEmail({ email }: { email: string }) {
  return (
    <Field
      label="Email"
      name="email"
      type="email"
      value={email}
      readOnly
      aria-readonly="true"
      autoComplete="username"
      hint="The invitation is for this address."
    />
  );
}

/** Signing in as the invited address (the account exists), then accepting. */
export function SignInToAccept({ token, email, targetName }: Props) {
  const enter = useEnter();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const refused = useRefusal(setError);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result || result.error) {
      setPending(false);
      setError(
        result?.status === 429
          ? "Too many failed sign-ins. Wait a few minutes, then try again."
          : "That password does not match the account of this address.",
      );
      return;
    }
    try {
      enter((await acceptInvitation(token)).url);
    } catch (e) {
      setPending(false);
      refused(e);
    }
  }
  return (
    // POST, so a submit before the script has loaded never puts the password in the address.
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate aria-label="Sign in to accept">
      <h2 className="text-base font-semibold">Sign in to accept</h2>
      {error ? <Alert>{error}</Alert> : null}
      <FixedEmail email={email} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : `Sign in and join ${targetName}`}
      </Button>
    </form>
  );
}

type Issues = Partial<Record<"name" | "password", string>>;

/** Creating the invited address's account: it is verified and joins in one step, then signs in. */
export function SignUpToAccept({ token, email, targetName }: Props) {
  const enter = useEnter();
  const router = useRouter();
  const [issues, setIssues] = useState<Issues>({});
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const refused = useRefusal(setError);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { name: String(form.get("name") ?? ""), password: String(form.get("password") ?? "") };
    setPending(true);
    setError(undefined);
    setIssues({});
    let url: string;
    try {
      url = (await signUpFromInvitation(token, input)).url;
    } catch (e) {
      setPending(false);
      const fieldIssues: Issues = {};
      for (const issue of e instanceof ApiClientError ? e.issues : []) fieldIssues[issue.path as keyof Issues] ??= issue.message;
      setIssues(fieldIssues);
      if (!Object.keys(fieldIssues).length) refused(e);
      return;
    }
    const result = await signIn("credentials", { email, password: input.password, redirect: false });
    if (!result || result.error) {
      router.replace(`/sign-in?registered=1&next=${encodeURIComponent(url)}`);
      return;
    }
    enter(url);
  }
  return (
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate aria-label="Create your account to accept">
      <h2 className="text-base font-semibold">Create your account to accept</h2>
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Name" name="name" autoComplete="name" required error={issues.name} />
      <FixedEmail email={email} />
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
        {pending ? "Creating your account…" : `Create account and join ${targetName}`}
      </Button>
    </form>
  );
}

/** Signed in as someone else: sign out, and come back to this link. */
export function SignOutToSwitch({ token }: { token: string }) {
  return (
    <Button type="button" className="w-full" onClick={() => signOut({ callbackUrl: `/invite/${token}` })}>
      Sign out
    </Button>
  );
}
