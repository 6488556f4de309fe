"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { LoadingText } from "@/components/ui/loading-placeholder";
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationKind } from "@/lib/notifications/kinds";
import { useNotificationSettings, useSetNotification } from "./use-notification-settings";

/**
 * One switch per notification mail; each change is saved at once. A switch moves as it is pressed
 * (the change waiting for the server is kept here) and goes back if the server refuses.
 */
export function NotificationSettingsPanel() {
  const settings = useNotificationSettings();
  const setNotification = useSetNotification();
  const [waiting, setWaiting] = useState<Partial<Record<NotificationKind, boolean>>>({});
  if (settings.isLoading) return <LoadingText>Loading your settings…</LoadingText>;
  if (settings.error || !settings.data) return <Alert>{settings.error?.message ?? "Your settings could not be read."}</Alert>;
  const values = settings.data;

  function toggle(kind: NotificationKind, on: boolean) {
    setWaiting((all) => ({ ...all, [kind]: on }));
    setNotification.mutate(
      { kind, on },
      {
        onSettled: () =>
          setWaiting((all) => {
            const { [kind]: _done, ...rest } = all;
            return rest;
          }),
      },
    );
  }

  return (
    <div className="space-y-3">
      <fieldset className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        <legend className="sr-only">Mail me about my proposals and courses</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="flex cursor-pointer items-start gap-3 p-4">
            <input
              type="checkbox"
              role="switch"
              checked={waiting[kind] ?? values[kind]}
              onChange={(e) => toggle(kind, e.target.checked)}
              className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">{NOTIFICATION_LABELS[kind].title}</span>
              <span className="block text-sm text-slate-600">Mail me {NOTIFICATION_LABELS[kind].when}.</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className="min-h-5 text-sm text-slate-600">
        {setNotification.isPending ? "Saving…" : setNotification.isSuccess ? "Saved." : ""}
      </p>
      {setNotification.error ? <Alert>{setNotification.error.message}</Alert> : null}
    </div>
  );
}
