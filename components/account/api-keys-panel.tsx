"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { CopyField } from "@/components/ui/copy-field";
import { Field } from "@/components/ui/field";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./use-api-keys";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function NewKeyNotice({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <section aria-label="New API key" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">Key “{name}” created. Copy it now: it will not be shown again.</p>
      <CopyField label="New API key value" value={secret} className="border-emerald-300 bg-white" />
      <Button type="button" variant="ghost" onClick={onDone}>
        I have stored it
      </Button>
    </section>
  );
}

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const confirm = useConfirm();
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const [nameError, setNameError] = useState<string>();

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const scope = data.get("scope") === "suggest" ? "suggest" : "full";
    if (!name) return setNameError("Give the key a name, such as the program that will use it.");
    setNameError(undefined);
    try {
      const result = await create.mutateAsync({ name, scope });
      setCreated({ name: result.name, key: result.key });
      form.reset();
    } catch (error) {
      setNameError((error as Error).message);
    }
  }

  return (
    <div className="space-y-6">
      {created ? <NewKeyNotice name={created.name} secret={created.key} onDone={() => setCreated(undefined)} /> : null}

      <form onSubmit={onCreate} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" noValidate>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <Field label="Key name" name="name" placeholder="e.g. Course import script" maxLength={200} error={nameError} />
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
        </div>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-700">What the key may do</legend>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" name="scope" value="full" defaultChecked className="mt-1 accent-brand-600" />
            <span>Everything you may do</span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" name="scope" value="suggest" className="mt-1 accent-brand-600" />
            <span>
              Only read, comment and suggest edits
              <span className="block text-xs text-slate-500">
                For an AI agent whose changes you want to look at first: you accept or reject each one.
              </span>
            </span>
          </label>
        </fieldset>
      </form>

      <section aria-labelledby="keys-heading" className="rounded-lg border border-slate-200 bg-white">
        <h2 id="keys-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold">
          Active keys
        </h2>
        {keys.isPending ? (
          <LoadingPlaceholder className="space-y-2 p-4" label="Loading keys">
            <div className="h-5 w-2/3 animate-pulse rounded bg-slate-100" />
            <div className="h-5 w-1/2 animate-pulse rounded bg-slate-100" />
          </LoadingPlaceholder>
        ) : keys.isError ? (
          <div className="p-4">
            <Alert>Could not load your keys: {keys.error.message}</Alert>
          </div>
        ) : keys.data.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">No keys yet. Create one above to use the API.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {keys.data.map((key) => (
              <li key={key.id} className="flex items-center justify-between gap-4 px-4 py-3">
                <div className="min-w-0">
                  <p className="flex min-w-0 items-baseline gap-2">
                    <span className="truncate font-medium">{key.name}</span>
                    {key.scope === "suggest" ? (
                      <span className="shrink-0 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-800">Suggest only</span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-500">
                    <span className="font-mono">{key.key_prefix}…</span> · created {dateFormat.format(new Date(key.created_at))} ·{" "}
                    {key.last_used_at ? `last used ${dateFormat.format(new Date(key.last_used_at))}` : "never used"}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="danger"
                  aria-label={`Revoke ${key.name}`}
                  disabled={revoke.isPending && revoke.variables === key.id}
                  onClick={async () => {
                    if (
                      await confirm({
                        title: `Revoke “${key.name}”?`,
                        body: "Programs using it stop working at once.",
                        confirmLabel: "Revoke",
                        tone: "danger",
                      })
                    )
                      revoke.mutate(key.id);
                  }}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
        {revoke.isError ? (
          <div className="p-4">
            <Alert>Could not revoke the key: {revoke.error.message}</Alert>
          </div>
        ) : null}
      </section>
    </div>
  );
}
