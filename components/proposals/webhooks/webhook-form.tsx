"use client";

import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiClientError } from "@/lib/client/api";
import type { WebhookEventType } from "./queries";

/** What each event means to the people choosing them; the record's type makes a new event need a label here. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  "proposal.sent": "Sent to the customer",
  "proposal.viewed": "First opened by the customer",
  "proposal.accepted": "Accepted",
  "proposal.rejected": "Declined",
  "proposal.withdrawn": "Withdrawn",
  "proposal.expired": "Expired",
  "proposal.changes_requested": "Customer asked for changes",
  "proposal.approval_requested": "Approval requested from an owner",
  "proposal.approved": "Approved by an owner",
  "proposal.approval_declined": "Approval declined by an owner",
  "enrolment.created": "Seats of a course made by an acceptance",
  "learner.completed": "A learner with a seat completed the course",
  "certificate.issued": "A certificate of completion issued",
};

export const EVENT_TYPES = Object.keys(EVENT_LABELS) as WebhookEventType[];

export type WebhookFormValues = { url: string; description: string; events: WebhookEventType[] };
type Errors = { url?: string; events?: string; description?: string; form?: string };

/** The API's refusal, on the fields it names (url, events, description), the rest for the whole form. */
function errorsOf(error: unknown): Errors {
  const issues = error instanceof ApiClientError ? error.issues : [];
  const on = (field: string) => issues.find((i) => i.path === field || i.path.startsWith(`${field}.`))?.message;
  const fields = { url: on("url"), events: on("events"), description: on("description") };
  return fields.url || fields.events || fields.description ? fields : { form: (error as Error).message };
}

/** An endpoint's URL, description and events: adding one and editing one. */
export function WebhookForm({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** The form's accessible name. */
  label: string;
  initial?: WebhookFormValues;
  submitLabel: string;
  /** Saves; a thrown ApiClientError shows on the fields it names. */
  onSubmit: (values: WebhookFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const eventsId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: WebhookFormValues = {
      url: String(data.get("url") ?? "").trim(),
      description: String(data.get("description") ?? "").trim(),
      events: data.getAll("events").map(String) as WebhookEventType[],
    };
    const missing: Errors = {
      url: values.url ? undefined : "Enter the URL deliveries go to, such as https://crm.example.com/hooks/coursewright.",
      events: values.events.length ? undefined : "Choose at least one event.",
    };
    if (missing.url || missing.events) return setErrors(missing);
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  }

  const chosen = new Set(initial?.events ?? EVENT_TYPES);
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      <Field
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={2000}
        placeholder="https://crm.example.com/hooks/coursewright"
        defaultValue={initial?.url}
        hint="An https address on the public internet."
        error={errors.url}
      />
      <Field
        label="Description (optional)"
        name="description"
        maxLength={500}
        placeholder="e.g. Our CRM"
        defaultValue={initial?.description}
        error={errors.description}
      />
      <fieldset aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="events" value={type} defaultChecked={chosen.has(type)} className="mt-0.5" />
              <span>
                {EVENT_LABELS[type]} <code className="text-xs text-slate-500">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={`${eventsId}-error`} className="mt-1 text-sm text-red-700">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
