"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { useMemberMutations, useMembers, type WorkspaceDto } from "./queries";
import { WorkspaceInvitations } from "./workspace-invitations";

const ROLES: { value: WorkspaceDto["role"]; label: string; help: string }[] = [
  { value: "admin", label: "Admin", help: "everything, including members and deleting projects" },
  { value: "author", label: "Author", help: "creates and edits content, publishes" },
  { value: "learner", label: "Learner", help: "takes published courses" },
];

export function MembersPanel({ workspaceId }: { workspaceId: string }) {
  const members = useMembers(workspaceId);
  const { add, changeRole, remove } = useMemberMutations(workspaceId);
  const toast = useToast();
  const confirm = useConfirm();
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setErrors({});
    try {
      await add.mutateAsync({ email: String(data.get("email") ?? ""), role: String(data.get("role")) as WorkspaceDto["role"] });
      form.reset();
      toast.show("Member added.", { tone: "success" });
    } catch (e) {
      const issue = e instanceof ApiClientError ? e.issues[0] : undefined;
      setErrors(issue?.path === "email" ? { email: issue.message } : { form: (e as Error).message });
    }
  }

  if (members.isPending) return <LoadingPlaceholder label="Loading members" />;
  if (members.isError) return <Alert>Could not load the members: {members.error.message}</Alert>;
  const { workspace, can_manage } = members.data;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link href={`/?workspace=${workspace.id}`} className="text-sm text-slate-500 hover:text-brand-600">
          ← {workspace.name}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">Members of {workspace.name}</h1>
      </div>
      {can_manage ? (
        <form
          onSubmit={onAdd}
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
          noValidate
          aria-label="Add a member"
        >
          <Field label="Email of an existing user" name="email" type="email" error={errors.email} />
          <div className="space-y-1">
            <label htmlFor="new-role" className="block text-sm font-medium text-slate-700">
              Role
            </label>
            <select
              id="new-role"
              name="role"
              defaultValue="author"
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {ROLES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={add.isPending}>
            Add
          </Button>
          {errors.form ? (
            <div className="sm:col-span-3">
              <Alert>{errors.form}</Alert>
            </div>
          ) : null}
        </form>
      ) : (
        <Alert tone="info">Only admins of this workspace change its members.</Alert>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Members">
        {members.data.members.map((m) => (
          <li key={m.user_id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                {m.name} {m.is_you ? <span className="text-xs text-slate-500">(you)</span> : null}
              </p>
              {m.email ? <p className="truncate text-sm text-slate-500">{m.email}</p> : null}
            </div>
            {can_manage ? (
              <div className="flex items-center gap-2">
                <label className="sr-only" htmlFor={`role-${m.user_id}`}>
                  Role of {m.name}
                </label>
                <select
                  id={`role-${m.user_id}`}
                  value={m.role}
                  onChange={(e) =>
                    changeRole.mutate(
                      { userId: m.user_id, role: e.target.value as WorkspaceDto["role"] },
                      { onError: (error) => toast.show(error.message, { tone: "error" }) },
                    )
                  }
                  className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                >
                  {ROLES.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
                <Button
                  variant="danger"
                  aria-label={`Remove ${m.name}`}
                  onClick={async () => {
                    if (
                      await confirm({
                        title: `Remove ${m.name} from ${workspace.name}?`,
                        body: `${m.name} loses access to its projects.`,
                        confirmLabel: "Remove",
                        tone: "danger",
                      })
                    ) {
                      remove.mutate(m.user_id, { onError: (error) => toast.show(error.message, { tone: "error" }) });
                    }
                  }}
                >
                  Remove
                </Button>
              </div>
            ) : (
              <span className="text-sm capitalize text-slate-600">{m.role}</span>
            )}
          </li>
        ))}
      </ul>
      {can_manage ? <WorkspaceInvitations workspaceId={workspace.id} roles={ROLES} /> : null}
      <dl className="grid gap-1 text-xs text-slate-500">
        {ROLES.map((r) => (
          <div key={r.value}>
            <dt className="inline font-semibold">{r.label}:</dt> <dd className="inline">{r.help}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
