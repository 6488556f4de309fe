"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useWebhookMutations, type WebhookDto, type WebhookEventType } from "./queries";
import { formatTime, WebhookDeliveries } from "./webhook-deliveries";
import { EVENT_LABELS, WebhookForm } from "./webhook-form";

/** Why an endpoint is off, or how close failures bring it to being turned off. */
function StateNote({ webhook }: { webhook: WebhookDto }) {
  if (!webhook.enabled && webhook.disabled_at !== null)
    return (
      <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        Turned off by the app on {formatTime(webhook.disabled_at)} after {webhook.consecutive_failures} failed deliveries in a row. Fix the
        receiver, then turn it back on: deliveries that were waiting are sent again.
      </p>
    );
  if (!webhook.enabled)
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Turned off by an owner: it gets no new events until it is turned back on.
      </p>
    );
  if (webhook.consecutive_failures > 0)
    return (
      <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        The last {webhook.consecutive_failures} attempts failed. After 20 in a row the endpoint is turned off and the owners are mailed.
      </p>
    );
  return null;
}

/** One endpoint: what it receives and its state, what an owner can do with it, and its recent deliveries. */
export function WebhookCard({
  companyId,
  webhook,
  onSecret,
}: {
  companyId: number;
  webhook: WebhookDto;
  /** A new secret to show once (after rotating). */
  onSecret: (secret: { url: string; secret: string; reason: "rotated" }) => void;
}) {
  const { update, remove, rotateSecret, sendTest } = useWebhookMutations(companyId);
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = useId();
  const headingId = useId();
  const failed = (error: Error) => toast.show(error.message, { tone: "error" });

  async function onDelete() {
    const ok = await confirm({
      title: "Delete this endpoint?",
      body: `${webhook.url} gets no more events, and its delivery log is deleted with it.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (ok) remove.mutate(webhook.id, { onSuccess: () => toast.show("Endpoint deleted.", { tone: "success" }), onError: failed });
  }

  async function onRotate() {
    const ok = await confirm({
      title: "Give this endpoint a new secret?",
      body: "The current secret stops working at once: every delivery from now on, retries included, is signed with the new one. Put the new secret in your receiver right away.",
      confirmLabel: "Rotate secret",
    });
    if (!ok) return;
    rotateSecret.mutate(webhook.id, {
      onSuccess: ({ secret }) => onSecret({ url: webhook.url, secret, reason: "rotated" }),
      onError: failed,
    });
  }

  function onToggle() {
    update.mutate(
      { webhookId: webhook.id, change: { enabled: !webhook.enabled } },
      {
        onSuccess: (saved) => toast.show(saved.enabled ? "Endpoint turned on." : "Endpoint turned off.", { tone: "success" }),
        onError: failed,
      },
    );
  }

  function onTest() {
    sendTest.mutate(webhook.id, {
      onSuccess: () => {
        setShowDeliveries(true);
        toast.show("Test event queued: it goes out within a few seconds.", { tone: "success" });
      },
      onError: failed,
    });
  }

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="font-mono text-sm font-semibold break-all">
            {webhook.url}
          </h2>
          {webhook.description ? <p className="text-sm text-slate-600">{webhook.description}</p> : null}
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${webhook.enabled ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}
        >
          {webhook.enabled ? "On" : "Off"}
        </span>
      </div>

      {editing ? (
        <WebhookForm
          label={`Edit ${webhook.url}`}
          submitLabel="Save"
          initial={{ url: webhook.url, description: webhook.description, events: webhook.events as WebhookEventType[] }}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await update.mutateAsync({ webhookId: webhook.id, change: values });
            setEditing(false);
            toast.show("Endpoint saved.", { tone: "success" });
          }}
        />
      ) : (
        <>
          <ul aria-label="Events" className="flex flex-wrap gap-1.5">
            {webhook.events.map((type) => (
              <li
                key={type}
                className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
                title={EVENT_LABELS[type as WebhookEventType]}
              >
                {type}
              </li>
            ))}
          </ul>
          <StateNote webhook={webhook} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" onClick={onTest} disabled={sendTest.isPending || !webhook.enabled}>
              Send test event
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button type="button" variant="secondary" onClick={onToggle} disabled={update.isPending}>
              {webhook.enabled ? "Turn off" : "Turn on"}
            </Button>
            <Button type="button" variant="secondary" onClick={onRotate} disabled={rotateSecret.isPending}>
              Rotate secret
            </Button>
            <Button type="button" variant="danger" onClick={onDelete} disabled={remove.isPending}>
              Delete
            </Button>
          </div>
        </>
      )}

      <div className="border-t border-slate-100 pt-3">
        <Button
          type="button"
          variant="ghost"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((shown) => !shown)}
          className="-ml-3"
        >
          {showDeliveries ? "Hide recent deliveries" : "Show recent deliveries"}
        </Button>
        {showDeliveries ? (
          <div className="mt-2">
            <WebhookDeliveries companyId={companyId} webhookId={webhook.id} id={deliveriesId} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
