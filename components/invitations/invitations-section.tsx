"use client";

import { useId, useState, type FormEvent } from "react";
import { roleLabel } from "@/components/members/role-labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";

/** An open invitation as both members pages show it (each service's times made a Date). */
export type OpenInvitation = {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: Date;
  invitedBy: string;
  delivery: string | null;
};

const DELIVERY: Record<string, { text: string; tone: "ok" | "wait" | "bad" }> = {
  queued: { text: "Mail being sent", tone: "wait" },
  retrying: { text: "Delivery delayed: trying again", tone: "wait" },
  sent: { text: "Mail sent", tone: "ok" },
  failed: { text: "The mail could not be delivered: check the address, then resend or revoke", tone: "bad" },
  logged: { text: "Not mailed: no mail server is set up (the link is in the server log)", tone: "wait" },
};

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

/** Addresses as people paste them: separated by commas, semicolons, spaces or lines. */
export const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/**
 * "Invite by email" (several addresses and one role) and the open invitations with Resend and
 * Revoke, for a workspace's or a company's members page. What it calls is the page's.
 */
export function InvitationsSection({
  roles,
  defaultRole,
  invitations,
  isLoading,
  loadError,
  invite,
  resend,
  revoke,
}: {
  /** The roles offered, in the order the menu lists them (named by ../members/role-labels). */
  roles: readonly string[];
  defaultRole: string;
  invitations: OpenInvitation[] | undefined;
  isLoading: boolean;
  loadError?: string;
  invite: (emails: string[], role: string) => Promise<unknown>;
  resend: (id: string) => Promise<unknown>;
  revoke: (id: string) => Promise<unknown>;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [busy, setBusy] = useState<string>();

  async function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const emails = splitAddresses(String(data.get("emails") ?? ""));
    if (!emails.length) return setErrors(["Enter at least one email address."]);
    setPending(true);
    setErrors([]);
    try {
      await invite(emails, String(data.get("role")));
      form.reset();
      toast.show(emails.length === 1 ? `Invitation sent to ${emails[0]}.` : `${emails.length} invitations sent.`, { tone: "success" });
    } catch (e) {
      const issues = e instanceof ApiClientError ? e.issues.map((i) => i.message) : [];
      setErrors(issues.length ? issues : [(e as Error).message]);
    } finally {
      setPending(false);
    }
  }

  async function act(invitation: OpenInvitation, what: "resend" | "revoke") {
    if (
      what === "revoke" &&
      !(await confirm({
        title: `Revoke the invitation of ${invitation.email}?`,
        body: "Its link stops working at once. You can invite the address again later.",
        confirmLabel: "Revoke",
        tone: "danger",
      }))
    )
      return;
    setBusy(invitation.id);
    try {
      await (what === "resend" ? resend : revoke)(invitation.id);
      toast.show(what === "resend" ? `Sent again to ${invitation.email}, with a new link.` : `Invitation of ${invitation.email} revoked.`, {
        tone: "success",
      });
    } catch (e) {
      toast.show((e as Error).message, { tone: "error" });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Invite by email
      </h2>
      <form
        onSubmit={onInvite}
        noValidate
        aria-label="Invite by email"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
      >
        <div className="space-y-1">
          <label htmlFor={`${id}-emails`} className="block text-sm font-medium text-slate-700">
            Email addresses
          </label>
          <textarea
            id={`${id}-emails`}
            name="emails"
            rows={2}
            placeholder="ann@example.com, bo@example.com"
            aria-describedby={`${id}-emails-hint`}
            aria-invalid={errors.length ? true : undefined}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
          <p id={`${id}-emails-hint`} className="text-xs text-slate-500">
            Up to 50, separated by commas or new lines. Each gets a link valid for 7 days, with or without an account.
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id={`${id}-role`}
            name="role"
            defaultValue={defaultRole}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send invitations"}
        </Button>
        {errors.length ? (
          <div className="sm:col-span-3">
            <Alert>
              {errors.length === 1 ? (
                errors[0]
              ) : (
                <ul className="list-inside list-disc">
                  {errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
            </Alert>
          </div>
        ) : null}
      </form>

      <h3 className="pt-2 text-base font-semibold">Pending invitations</h3>
      {isLoading ? (
        <LoadingPlaceholder label="Loading invitations" className="h-16 animate-pulse rounded-lg bg-slate-100" />
      ) : loadError ? (
        <Alert>Could not load the invitations: {loadError}</Alert>
      ) : !invitations?.length ? (
        <p className="text-sm text-slate-500">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Pending invitations">
          {invitations.map((invitation) => {
            const delivery = invitation.delivery ? DELIVERY[invitation.delivery] : undefined;
            const isExpired = invitation.status === "expired";
            return (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={invitation.email}>
                <div className="min-w-0">
                  <p className="truncate font-medium">{invitation.email}</p>
                  <p className="text-sm text-slate-500">
                    {roleLabel(invitation.role)} · invited by {invitation.invitedBy} ·{" "}
                    {isExpired ? (
                      <span className="font-medium text-amber-700">expired {dateFormat.format(invitation.expiresAt)}</span>
                    ) : (
                      `valid until ${dateFormat.format(invitation.expiresAt)}`
                    )}
                  </p>
                  {delivery ? (
                    <p
                      className={`text-sm ${delivery.tone === "bad" ? "font-medium text-red-700" : delivery.tone === "ok" ? "text-emerald-700" : "text-slate-500"}`}
                    >
                      {delivery.text}
                    </p>
                  ) : null}
                </div>
                <div className="flex items-center gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`Resend the invitation of ${invitation.email}`}
                    disabled={busy === invitation.id}
                    onClick={() => act(invitation, "resend")}
                  >
                    Resend
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                    disabled={busy === invitation.id}
                    onClick={() => act(invitation, "revoke")}
                  >
                    Revoke
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
