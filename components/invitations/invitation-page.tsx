import Link from "next/link";
import type { ReactNode } from "react";
import { roleHelp, roleLabel } from "@/components/members/role-labels";
import type { SessionUser } from "@/lib/auth/session";
import type { InvitationView } from "@/lib/invitations/get-invitation";
import { formatUtc } from "@/lib/mail/templates/invitation-parts";
import { AcceptButton, SignInToAccept, SignOutToSwitch, SignUpToAccept } from "./invitation-actions";

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

const p = "text-sm text-slate-700";

/** A link that opens no invitation (mistyped, or replaced by a newer one). */
export function UnknownInvitation() {
  return (
    <Page title="This invitation link does not work">
      <p className={p}>
        It may be mistyped, or a newer invitation replaced it: each time an invitation is sent again, only the newest link works. Open the
        latest mail, or ask whoever invited you to send it again.
      </p>
      <Link href="/" className="text-sm font-medium text-brand-600 hover:underline">
        Go to Coursewright
      </Link>
    </Page>
  );
}

/**
 * What /invite/{token} shows: what the invitation is for, then the one way forward for this
 * visitor. The states (used, withdrawn, expired, another account signed in) each say so plainly.
 */
export function InvitationPage({ token, invitation, user }: { token: string; invitation: InvitationView; user: SessionUser | null }) {
  const { target, email } = invitation;
  const what =
    target.kind === "workspace"
      ? `the workspace ${target.name}`
      : target.kind === "company"
        ? `the company ${target.name}`
        : `the course ${target.name} by ${target.providerName}`;
  const help = target.kind === "enrolment" ? "with a seat of this one course" : roleHelp(invitation.role);
  const summary = (
    <p className={p}>
      {invitation.invitedByName} invited <strong>{email}</strong> to {what} as <strong>{roleLabel(invitation.role)}</strong>
      {help ? ` (${help})` : ""}.
    </p>
  );
  const isInvitee = user?.email.toLowerCase() === email;

  if (invitation.status === "accepted") {
    const isTheirs = user && invitation.acceptedById === user.id;
    return (
      <Page title="This invitation has been accepted">
        <p className={p}>
          {email} already joined {what}
          {isTheirs ? "." : ": sign in with that address to open it."}
        </p>
        <Link
          href={isTheirs ? invitation.path : `/sign-in?next=${encodeURIComponent(invitation.path)}`}
          className="text-sm font-medium text-brand-600 hover:underline"
        >
          {isTheirs ? `Open ${target.name}` : "Sign in"}
        </Link>
      </Page>
    );
  }
  if (invitation.status === "revoked") {
    return (
      <Page title="This invitation was withdrawn">
        <p className={p}>
          {invitation.invitedByName} withdrew the invitation of {email} to {what}. If you still need access, ask them to invite you again.
        </p>
      </Page>
    );
  }
  if (invitation.status === "expired") {
    return (
      <Page title="This invitation has expired">
        <p className={p}>
          The invitation of {email} to {what} was valid until {formatUtc(invitation.expiresAt)}. Ask {invitation.invitedByName} to send it
          again: the new mail has a new link.
        </p>
      </Page>
    );
  }
  if (user && !isInvitee) {
    return (
      <Page title={`Join ${target.name}`}>
        {summary}
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This invitation is for {email}; you are signed in as {user.email}. Sign out, then sign in or create an account as {email}.
        </div>
        <SignOutToSwitch token={token} />
      </Page>
    );
  }
  return (
    <Page title={`Join ${target.name}`}>
      {summary}
      {user ? (
        <AcceptButton token={token} targetName={target.name} />
      ) : invitation.hasAccount ? (
        <>
          <SignInToAccept token={token} email={email} targetName={target.name} />
          <p className="text-center text-sm text-slate-600">
            <Link href="/forgot-password" className="font-medium text-brand-600 hover:underline">
              Forgot your password?
            </Link>{" "}
            Reset it, then open this link again.
          </p>
        </>
      ) : (
        <SignUpToAccept token={token} email={email} targetName={target.name} />
      )}
      <p className="text-xs text-slate-500">The link is valid until {formatUtc(invitation.expiresAt)}.</p>
    </Page>
  );
}
