"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useCompanyMembers } from "../members/queries";
import type { CompanyDto } from "../queries";
import { useWebhookMutations, useWebhooks } from "./queries";
import { WebhookCard } from "./webhook-card";
import { WebhookForm } from "./webhook-form";

export const WEBHOOK_DOCS = "/docs/webhooks";

type ShownSecret = { url: string; secret: string; reason: "created" | "rotated" };

/** A signing secret, shown once: after adding an endpoint and after rotating its secret. */
function SecretNotice({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [shown]);
  return (
    <section aria-labelledby="webhook-secret-heading" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <h2 id="webhook-secret-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-emerald-900 outline-none">
        {shown.reason === "created" ? "Endpoint added" : "New secret made"}
      </h2>
      <p className="text-sm break-words text-emerald-900">
        Deliveries to <code className="break-all">{shown.url}</code> are signed with this secret.{" "}
        <strong>Copy it now: you will not see it again.</strong>{" "}
        {shown.reason === "rotated" ? "The old secret no longer signs anything." : null}
      </p>
      <CopyField label="Signing secret" value={shown.secret} copyLabel="Copy secret" className="border-emerald-300 bg-white" />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="ghost" onClick={onDone}>
          I have stored it
        </Button>
        <Link href={WEBHOOK_DOCS} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          How to verify a signature
        </Link>
      </div>
    </section>
  );
}

/**
 * /proposals/webhooks: the company's webhook endpoints. Owners add, edit, turn off and on, delete,
 * rotate secrets, send test events and redeliver; a member sees that owners manage them (the API
 * refuses everyone else).
 */
export function WebhooksPanel({ company, userId }: { company: CompanyDto; userId: string }) {
  const members = useCompanyMembers(company.id);
  const me = members.data?.members.find((m) => m.user_id === userId);
  const isOwner = me?.role === "owner";
  const webhooks = useWebhooks(company.id, isOwner);
  const { create } = useWebhookMutations(company.id);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [adding, setAdding] = useState(false);

  const intro = (
    <div>
      <h1 className="text-2xl font-semibold">Webhooks of {company.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Tell your CRM or your own scripts what happens to the company&apos;s proposals: each event is POSTed as signed JSON to your URL,
        retried for 24 hours until it answers 2xx.{" "}
        <Link href={WEBHOOK_DOCS} className="font-medium text-brand-700 underline underline-offset-2">
          How to verify a signature
        </Link>
      </p>
    </div>
  );

  if (members.isPending)
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        {intro}
        <LoadingPlaceholder label="Loading webhooks" />
      </div>
    );
  if (members.isError) return <Alert>Could not load the company: {members.error.message}</Alert>;

  if (!isOwner) {
    const owners = members.data.members.filter((m) => m.role === "owner").map((m) => m.name);
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        {intro}
        <Alert tone="info">Only the company&apos;s owners manage its webhooks{owners.length ? `: ask ${owners.join(", ")}` : ""}.</Alert>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {intro}
      {secret ? <SecretNotice shown={secret} onDone={() => setSecret(null)} /> : null}

      <section aria-labelledby="add-webhook-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="add-webhook-heading" className="text-base font-semibold">
            Add an endpoint
          </h2>
          {adding ? null : (
            <Button type="button" onClick={() => setAdding(true)}>
              Add endpoint
            </Button>
          )}
        </div>
        {adding ? (
          <div className="mt-4">
            <WebhookForm
              label="Add an endpoint"
              submitLabel="Add endpoint"
              onCancel={() => setAdding(false)}
              onSubmit={async (values) => {
                const created = await create.mutateAsync(values);
                setAdding(false);
                setSecret({ url: created.url, secret: created.secret, reason: "created" });
              }}
            />
          </div>
        ) : null}
      </section>

      {webhooks.isPending ? (
        <LoadingPlaceholder label="Loading endpoints" className="h-32 animate-pulse rounded-lg bg-slate-100" />
      ) : webhooks.isError ? (
        <Alert>Could not load the endpoints: {webhooks.error.message}</Alert>
      ) : webhooks.data.length === 0 ? (
        <p className="text-sm text-slate-500">No endpoints yet.</p>
      ) : (
        <ul aria-label="Endpoints" className="space-y-4">
          {webhooks.data.map((webhook) => (
            <li key={webhook.id}>
              <WebhookCard companyId={company.id} webhook={webhook} onSecret={setSecret} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
