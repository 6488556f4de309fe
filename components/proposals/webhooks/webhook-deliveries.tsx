"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { useWebhookDeliveries, useWebhookMutations, type WebhookDeliveryDto } from "./queries";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
export const formatTime = (unixSeconds: number) => timeFormat.format(new Date(unixSeconds * 1000));

const STATUS: Record<WebhookDeliveryDto["status"], { label: string; className: string }> = {
  delivered: { label: "Delivered", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  pending: { label: "Pending", className: "bg-amber-50 text-amber-800 ring-amber-200" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800 ring-red-200" },
};

function statusOf(delivery: WebhookDeliveryDto) {
  // A pending delivery with attempts behind it failed at least once and waits for its next try.
  if (delivery.status === "pending" && delivery.attempts.length) return { ...STATUS.pending, label: "Retrying" };
  return STATUS[delivery.status];
}

/** Deliveries shown at first, and added by each "Show older deliveries" (the API answers the last 100). */
const PAGE = 10;

/** One endpoint's recent deliveries, newest first, each with its attempts and a way to send it again. */
export function WebhookDeliveries({ companyId, webhookId, id }: { companyId: number; webhookId: number; id: string }) {
  const deliveries = useWebhookDeliveries(webhookId, true);
  const { redeliver } = useWebhookMutations(companyId);
  const toast = useToast();
  const [shown, setShown] = useState(PAGE);

  if (deliveries.isPending)
    return <LoadingPlaceholder id={id} label="Loading deliveries" className="h-16 animate-pulse rounded-md bg-slate-100" />;
  if (deliveries.isError)
    return (
      <div id={id}>
        <Alert>Could not load the deliveries: {deliveries.error.message}</Alert>
      </div>
    );
  if (!deliveries.data.length)
    return (
      <p id={id} className="text-sm text-slate-500">
        No deliveries yet. Send a test event to try the endpoint.
      </p>
    );

  const older = deliveries.data.length - shown;
  return (
    <div id={id} className="space-y-3">
      <ol aria-label="Deliveries" className="space-y-3">
        {deliveries.data.slice(0, shown).map((delivery) => {
          const status = statusOf(delivery);
          return (
            <li
              key={delivery.id}
              aria-label={`${delivery.type} delivery ${delivery.id}`}
              className="rounded-md border border-slate-200 p-3"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-0.5">
                  <p className="flex flex-wrap items-center gap-2">
                    <code className="text-sm font-semibold">{delivery.type}</code>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${status.className}`}>{status.label}</span>
                  </p>
                  <p className="text-xs text-slate-500">{formatTime(delivery.created_at)}</p>
                  <p className="text-xs break-all text-slate-500">
                    Event id <code>{delivery.event_id}</code>
                  </p>
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={redeliver.isPending}
                  onClick={() =>
                    redeliver.mutate(
                      { webhookId, deliveryId: delivery.id },
                      {
                        onSuccess: () => toast.show("Sent again, with the same event id.", { tone: "success" }),
                        onError: (error) => toast.show(error.message, { tone: "error" }),
                      },
                    )
                  }
                >
                  Redeliver
                </Button>
              </div>
              {delivery.attempts.length ? (
                <ol aria-label="Attempts" className="mt-2 divide-y divide-slate-100 border-t border-slate-100 text-sm">
                  {delivery.attempts.map((attempt, index) => (
                    <li key={index} className="flex flex-wrap gap-x-3 gap-y-0.5 py-1.5">
                      <span className="text-slate-500">{formatTime(attempt.at)}</span>
                      <span className={attempt.error ? "font-medium text-red-700" : "font-medium text-emerald-700"}>
                        {attempt.status_code === null ? "No answer" : `HTTP ${attempt.status_code}`}
                      </span>
                      <span className="text-slate-500">{attempt.duration_ms} ms</span>
                      {attempt.error ? <span className="w-full break-words text-slate-700">{attempt.error}</span> : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-2 text-sm text-slate-500">Not tried yet: it goes out within a few seconds.</p>
              )}
            </li>
          );
        })}
      </ol>
      {older > 0 ? (
        <Button type="button" variant="ghost" onClick={() => setShown((n) => n + PAGE)}>
          Show older deliveries ({older})
        </Button>
      ) : null}
    </div>
  );
}
