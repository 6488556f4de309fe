"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { proposalPdfUrl } from "@/lib/client/api";
import { maySend } from "@/lib/proposals/approvals/rules";
import { MAX_REMINDER_DAYS, MIN_REMINDER_DAYS, reminderAtUnix } from "@/lib/proposals/proposals/reminder";
import { statusWord } from "@/lib/proposals/proposals/status-labels";
import { statusAllows } from "@/lib/proposals/proposals/status-rules";
import { errorMessage, formatDate } from "./format";
import type { LifecycleAction, ProposalDto, SendOptions, useProposalWrites } from "./queries";
import { useProposalDelivery } from "./use-delivery";

type Writes = ReturnType<typeof useProposalWrites>;

const DONE: Record<LifecycleAction, string> = {
  send: statusWord("active"),
  accept: `marked ${statusWord("accepted")}`,
  reject: `marked ${statusWord("rejected")}`,
  withdraw: statusWord("withdrawn"),
  archive: "archived",
  unarchive: "unarchived",
};

/** The longest personal message a proposal's mail carries (the send endpoint refuses more). */
const MAX_MESSAGE = 2000;

/** An expiry date (yyyy-mm-dd, local) as UNIX seconds at the end of that day. */
const endOfDay = (date: string) => Math.floor(new Date(`${date}T23:59:59`).getTime() / 1000);

/**
 * What can be done with the proposal in its status, each step confirmed with what it will do.
 * Refusals (already sent, expiry in the past…) show under the bar.
 */
export function ActionsBar({
  proposal,
  series,
  writes,
  beforeAction,
}: {
  proposal: ProposalDto;
  series: ProposalDto[];
  writes: Writes;
  /** Saves what is typed before the proposal leaves the draft state. */
  beforeAction: () => Promise<void>;
}) {
  const confirm = useConfirm();
  const router = useRouter();
  const toast = useToast();
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string>();
  const { status } = proposal;
  const who = proposal.recipient_name || proposal.recipient_email || "the recipient";
  const activeOther = series.find((p) => p.status === "active" && p.uuid !== proposal.uuid);
  const isBusy =
    writes.action.isPending || writes.newVersion.isPending || writes.saveAsTemplate.isPending || writes.createFromTemplate.isPending;

  async function perform(name: LifecycleAction, send?: SendOptions) {
    try {
      if (name === "send") await beforeAction();
      await writes.action.mutateAsync({ name, send });
      const mailed = send?.notify_recipient ? ` and mailed to ${proposal.recipient_email}` : "";
      toast.show(`v${proposal.version} ${DONE[name]}${mailed}.`, { tone: "success" });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function run(name: LifecycleAction, question: { title: string; body: ReactNode; confirmLabel: string; tone?: "danger" }) {
    setError(undefined);
    if (await confirm(question)) await perform(name);
  }

  async function go(mutation: Promise<{ proposal: { uuid: string } }>) {
    setError(undefined);
    try {
      const ref = await mutation;
      router.push(`/proposals/${ref.proposal.uuid}/edit`);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const buttons: Array<{ label: string; onClick: () => void; variant?: "primary" | "secondary" | "danger"; blockedBy?: string }> = [];
  if (statusAllows("send", status)) {
    buttons.push({
      label: "Send",
      variant: "primary",
      // Above the company's approval rules, the approval panel says what it needs first (the server refuses it too).
      blockedBy: maySend(proposal.approval) ? undefined : "Needs an owner's approval first",
      onClick: () => {
        setError(undefined);
        setIsSending(true);
      },
    });
  }
  if (statusAllows("accept", status)) {
    buttons.push({
      label: `Mark ${statusWord("accepted")}`,
      onClick: () =>
        void run("accept", {
          title: `Accept v${proposal.version} for ${who}?`,
          body: `v${proposal.version} will be marked ${statusWord("accepted")} on the customer's behalf. The customer's link will show it as ${statusWord("accepted")}.`,
          confirmLabel: `Mark ${statusWord("accepted")}`,
        }),
    });
  }
  if (statusAllows("reject", status)) {
    buttons.push({
      label: `Mark ${statusWord("rejected")}`,
      onClick: () =>
        void run("reject", {
          title: `Decline v${proposal.version} for ${who}?`,
          body: `v${proposal.version} will be marked ${statusWord("rejected")} on the customer's behalf. You can still make a new version.`,
          confirmLabel: `Mark ${statusWord("rejected")}`,
          tone: "danger",
        }),
    });
  }
  if (statusAllows("withdraw", status)) {
    buttons.push({
      label: "Withdraw",
      variant: "danger",
      onClick: () =>
        void run("withdraw", {
          title: `Withdraw v${proposal.version}?`,
          body: `The customer's link will say the proposal was withdrawn, and they can no longer accept it. A withdrawn proposal gets no new version.`,
          confirmLabel: "Withdraw proposal",
          tone: "danger",
        }),
    });
  }
  // A draft or template is edited in place: it needs no new version.
  if (!statusAllows("edit", status) && statusAllows("newVersion", status)) {
    buttons.push({ label: "New version", variant: "primary", onClick: () => void go(writes.newVersion.mutateAsync({})) });
  }
  if (status === "template") {
    buttons.push({
      label: "Create proposal from template",
      variant: "primary",
      onClick: () => void go(writes.createFromTemplate.mutateAsync()),
    });
  } else {
    buttons.push({
      label: "Save as template",
      onClick: async () => {
        if (
          !(await confirm({
            title: "Save as a template?",
            body: "A new template is made from this proposal, without its recipient. This proposal stays as it is.",
            confirmLabel: "Save as template",
          }))
        )
          return;
        void go(writes.saveAsTemplate.mutateAsync());
      },
    });
  }
  if (statusAllows("archive", status)) {
    buttons.push(
      proposal.archived_at
        ? {
            label: "Unarchive",
            onClick: () =>
              void run("unarchive", {
                title: `Unarchive v${proposal.version}?`,
                body: "It shows in the proposals list again.",
                confirmLabel: "Unarchive",
              }),
          }
        : {
            label: "Archive",
            onClick: () =>
              void run("archive", {
                title: `Archive v${proposal.version}?`,
                body:
                  "It will be hidden from the proposals list (shown again with “Archived”). The customer's link keeps working." +
                  (status === "draft" ? " An archived next-version draft is no longer reused: New version makes a fresh one." : ""),
                confirmLabel: "Archive",
              }),
          },
    );
  }

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label="Proposal actions" className="flex flex-wrap gap-2">
        {buttons.map((b) => (
          <Button
            key={b.label}
            type="button"
            variant={b.variant ?? "secondary"}
            disabled={isBusy || b.blockedBy !== undefined}
            title={b.blockedBy}
            onClick={b.onClick}
          >
            {b.label}
          </Button>
        ))}
        {/* A link: the browser saves the file the server names (an accepted proposal's is its acceptance record). */}
        <a
          href={proposalPdfUrl(proposal.uuid)}
          download
          className="inline-flex items-center justify-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Download PDF
        </a>
      </div>
      {isSending ? (
        <SendDialog
          proposal={proposal}
          who={who}
          replaces={activeOther?.version}
          onCancel={() => setIsSending(false)}
          onSend={(send) => {
            setIsSending(false);
            void perform("send", send);
          }}
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The reminder's default: three days before the expiry. */
const DEFAULT_REMINDER_DAYS = "3";

/**
 * The send confirmation: what will happen, whether the app mails the link to the recipient (only
 * when they have an email and the sender may mail: docs/decisions/033), a personal message for
 * that mail, an optional expiry date and, with one, an optional reminder mailed to the recipient
 * some days before it (docs/decisions/037).
 */
function SendDialog({
  proposal,
  who,
  replaces,
  onSend,
  onCancel,
}: {
  proposal: ProposalDto;
  who: string;
  /** The version the send will mark replaced, if any. */
  replaces: number | undefined;
  onSend: (send: SendOptions) => void;
  onCancel: () => void;
}) {
  const [date, setDate] = useState("");
  const [message, setMessage] = useState("");
  const [mailIt, setMailIt] = useState(true);
  const [remind, setRemind] = useState(false);
  const [days, setDays] = useState(DEFAULT_REMINDER_DAYS);
  // "Already passed" is judged against when the dialog opened: a render has no clock of its own.
  const [openedAt] = useState(() => Date.now());
  const delivery = useProposalDelivery(proposal.uuid);
  const email = proposal.recipient_email.trim();
  const hasRecipient = proposal.recipient_id !== null;
  // Unknown (the read failed): offer it, and the server says if it may not be.
  const canMail = delivery.data ? delivery.data.can_mail : delivery.isError;
  const isAsking = Boolean(email) && delivery.isLoading;
  const willMail = Boolean(email) && canMail && mailIt;
  // A reminder is mailed to the recipient before the expiry: it needs both, and a sender who may mail.
  const canRemind = Boolean(email) && canMail && Boolean(date);
  const dayCount = Number(days);
  const isWholeDays = /^\d+$/.test(days.trim()) && dayCount >= MIN_REMINDER_DAYS && dayCount <= MAX_REMINDER_DAYS;
  const remindAt = canRemind && remind && isWholeDays ? reminderAtUnix(endOfDay(date), dayCount) : null;
  const reminderError =
    canRemind && remind
      ? !isWholeDays
        ? `Choose ${MIN_REMINDER_DAYS} to ${MAX_REMINDER_DAYS} days.`
        : remindAt !== null && remindAt * 1000 <= openedAt
          ? `${dayCount} days before ${date} has already passed: choose fewer days or a later date.`
          : undefined
      : undefined;
  const v = `v${proposal.version}`;
  const what = willMail
    ? `${v} will be mailed to ${email} with its link, from your name`
    : hasRecipient
      ? `${v} gets a link for you to share with ${who}: nothing is mailed`
      : `${v} has no recipient: it is sent as a link for you to share`;
  const consequence = `${what}. Whoever has the link can accept or decline it; it can no longer be edited.${
    replaces !== undefined ? ` v${replaces} will be marked replaced.` : ""
  }`;
  return (
    <Modal
      open
      onClose={onCancel}
      title={hasRecipient ? `Send ${v} to ${who}?` : `Send ${v} as a link?`}
      description={consequence}
      size="narrow"
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (reminderError) return;
          onSend({
            ...(date ? { expires_at: endOfDay(date) } : {}),
            ...(willMail && message.trim() ? { message } : {}),
            notify_recipient: willMail,
            ...(remindAt !== null ? { reminder_days_before: dayCount } : {}),
          });
        }}
      >
        {email && canMail ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={mailIt}
              onChange={(e) => setMailIt(e.target.checked)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 break-words">Mail it to {email}</span>
          </label>
        ) : email && delivery.data ? (
          <p className="text-sm text-slate-600">
            Verify your email address to have proposals mailed (open the link we mailed you). Until then it is sent as a link for you to
            share.
          </p>
        ) : hasRecipient && !email ? (
          <p className="text-sm text-slate-600">{who} has no email address: share the link yourself.</p>
        ) : null}
        {willMail ? (
          <label className="block text-sm font-medium text-slate-700">
            Personal message (optional)
            <textarea
              value={message}
              maxLength={MAX_MESSAGE}
              rows={4}
              onChange={(e) => setMessage(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal"
            />
            <span className="mt-1 block text-xs font-normal text-slate-500">
              Shown in the mail above the link. {message.length} of {MAX_MESSAGE.toLocaleString("en")} characters.
            </span>
          </label>
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Expires on (optional)
          <input
            type="date"
            value={date}
            min={new Date().toISOString().slice(0, 10)}
            onChange={(e) => setDate(e.target.value)}
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </label>
        <p className="text-xs text-slate-500">
          {date ? `The link stops accepting answers after ${date}.` : "Without a date the proposal does not expire."}
          {email && canMail && !date ? ` With one, ${who} can be reminded by mail before it.` : ""}
        </p>
        {canRemind ? (
          <div className="space-y-2 rounded-md border border-slate-200 p-3">
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={remind}
                onChange={(e) => setRemind(e.target.checked)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0 break-words">Remind {who} by mail before it expires</span>
            </label>
            {remind ? (
              <>
                <label className="block text-sm font-medium text-slate-700">
                  Days before the expiry
                  <input
                    type="number"
                    inputMode="numeric"
                    min={MIN_REMINDER_DAYS}
                    max={MAX_REMINDER_DAYS}
                    step={1}
                    value={days}
                    aria-invalid={reminderError ? true : undefined}
                    onChange={(e) => setDays(e.target.value)}
                    className="mt-1 block w-24 rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal aria-[invalid]:border-red-400"
                  />
                </label>
                <p className={`text-xs break-words ${reminderError ? "text-red-700" : "text-slate-500"}`}>
                  {reminderError ??
                    `One reminder goes to ${email} on ${formatDate(remindAt!)}, unless ${who} has accepted, declined or asked for changes by then.`}
                </p>
              </>
            ) : null}
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" data-autofocus disabled={isAsking || Boolean(reminderError)}>
            Send proposal
          </Button>
        </div>
      </form>
    </Modal>
  );
}
