"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { canGetNewVersion, canTransition, isEditableStatus } from "@/lib/proposals/proposals/status-rules";
import type { LifecycleAction, ProposalDto, useProposalWrites } from "./queries";

type Writes = ReturnType<typeof useProposalWrites>;

const DONE: Record<LifecycleAction, string> = {
  send: "sent",
  accept: "marked accepted",
  reject: "marked rejected",
  withdraw: "withdrawn",
  archive: "archived",
  unarchive: "unarchived",
};

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
  const hasRecipient = proposal.recipient_id !== null;
  const who = proposal.recipient_name || proposal.recipient_email || "the recipient";
  const activeOther = series.find((p) => p.status === "active" && p.uuid !== proposal.uuid);
  const isBusy =
    writes.action.isPending || writes.newVersion.isPending || writes.saveAsTemplate.isPending || writes.createFromTemplate.isPending;

  async function perform(name: LifecycleAction, expiresAt?: number) {
    try {
      if (name === "send") await beforeAction();
      await writes.action.mutateAsync({ name, expiresAt });
      toast.show(`v${proposal.version} ${DONE[name]}.`, { tone: "success" });
    } catch (e) {
      setError(describe(e));
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
      setError(describe(e));
    }
  }

  const buttons: Array<{ label: string; onClick: () => void; variant?: "primary" | "secondary" | "danger" }> = [];
  if (canTransition("send", status)) {
    buttons.push({
      label: "Send",
      variant: "primary",
      onClick: () => {
        setError(undefined);
        setIsSending(true);
      },
    });
  }
  if (canTransition("accept", status)) {
    buttons.push({
      label: "Mark accepted",
      onClick: () =>
        void run("accept", {
          title: `Accept v${proposal.version} for ${who}?`,
          body: `v${proposal.version} will be marked accepted on the customer's behalf. The customer's link will show it as accepted.`,
          confirmLabel: "Mark accepted",
        }),
    });
  }
  if (canTransition("reject", status)) {
    buttons.push({
      label: "Mark rejected",
      onClick: () =>
        void run("reject", {
          title: `Reject v${proposal.version} for ${who}?`,
          body: `v${proposal.version} will be marked rejected on the customer's behalf. You can still make a new version.`,
          confirmLabel: "Mark rejected",
          tone: "danger",
        }),
    });
  }
  if (canTransition("withdraw", status)) {
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
  if (!isEditableStatus(status) && canGetNewVersion(status)) {
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

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label="Proposal actions" className="flex flex-wrap gap-2">
        {buttons.map((b) => (
          <Button key={b.label} type="button" variant={b.variant ?? "secondary"} disabled={isBusy} onClick={b.onClick}>
            {b.label}
          </Button>
        ))}
      </div>
      {isSending ? (
        <SendDialog
          title={hasRecipient ? `Send v${proposal.version} to ${who}?` : `Send v${proposal.version} as a link?`}
          consequence={`${
            hasRecipient
              ? `v${proposal.version} gets a link to share with ${who}`
              : `v${proposal.version} has no recipient: it is sent as a link for you to share`
          }. Whoever has the link can accept or reject it; it can no longer be edited.${
            activeOther ? ` v${activeOther.version} will be marked replaced.` : ""
          }`}
          onCancel={() => setIsSending(false)}
          onSend={(expiresAt) => {
            setIsSending(false);
            void perform("send", expiresAt);
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

function describe(error: unknown) {
  if (error instanceof ApiClientError) {
    const issue = error.issues[0];
    return issue ? issue.message : error.message;
  }
  return "Something went wrong. Try again.";
}

/** The send confirmation: what will happen, and an optional expiry date. */
function SendDialog({
  title,
  consequence,
  onSend,
  onCancel,
}: {
  title: string;
  consequence: string;
  onSend: (expiresAt: number | undefined) => void;
  onCancel: () => void;
}) {
  const [date, setDate] = useState("");
  return (
    <Modal open onClose={onCancel} title={title} description={consequence} size="narrow">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSend(date ? endOfDay(date) : undefined);
        }}
      >
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
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" data-autofocus>
            Send proposal
          </Button>
        </div>
      </form>
    </Modal>
  );
}
