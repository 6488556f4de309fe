"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { InvitationsSection } from "@/components/invitations/invitations-section";
import { ROLE_LABELS } from "@/components/invitations/role-labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { companyKeys } from "@/lib/client/query-keys";
import type { CompanyDto } from "../queries";
import { useCompanyMemberMutations, useCompanyMembers, type CompanyRoleValue } from "./queries";

const ROLES: { value: CompanyRoleValue; label: string; help: string }[] = [
  { value: "member", ...ROLE_LABELS.member },
  { value: "owner", ...ROLE_LABELS.owner },
];

/**
 * A company's members with their roles and its pending invitations. Owners add, invite, change
 * roles, remove, resend and revoke; a member sees the list and may leave.
 */
export function CompanyMembersPanel({ company, userId }: { company: CompanyDto; userId: string }) {
  const members = useCompanyMembers(company.id);
  const mutations = useCompanyMemberMutations(company.id);
  const { add, changeRole, remove } = mutations;
  const toast = useToast();
  const confirm = useConfirm();
  const router = useRouter();
  const client = useQueryClient();
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});

  if (members.isPending) return <LoadingPlaceholder label="Loading members" />;
  if (members.isError) return <Alert>Could not load the members: {members.error.message}</Alert>;
  const me = members.data.members.find((m) => m.user_id === userId);
  const canManage = me?.role === "owner";

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setErrors({});
    try {
      const { data: added } = await add.mutateAsync({
        email: String(data.get("email") ?? ""),
        role: String(data.get("role")) as CompanyRoleValue,
      });
      form.reset();
      toast.show(`${added.name} added.`, { tone: "success" });
    } catch (e) {
      const issue = e instanceof ApiClientError ? e.issues.find((i) => i.path === "email") : undefined;
      setErrors(issue ? { email: issue.message } : { form: (e as Error).message });
    }
  }

  async function onRemove(member: { user_id: string; name: string }) {
    const isSelf = member.user_id === userId;
    const ok = await confirm({
      title: isSelf ? `Leave ${company.name}?` : `Remove ${member.name} from ${company.name}?`,
      body: isSelf
        ? "You lose access to its proposals and library. An owner can invite you again."
        : `${member.name} loses access to its proposals and library. Proposals they made stay with the company.`,
      confirmLabel: isSelf ? "Leave" : "Remove",
      tone: "danger",
    });
    if (!ok) return;
    remove.mutate(member.user_id, {
      onError: (error) => toast.show(error.message, { tone: "error" }),
      onSuccess: () => {
        if (!isSelf) return toast.show(`${member.name} removed.`, { tone: "success" });
        // Gone from the company: its pages are not this user's any more.
        void client.invalidateQueries({ queryKey: companyKeys.all });
        router.replace("/proposals");
        router.refresh();
      },
    });
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Members of {company.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Owners manage the members; every member builds and sends the company&apos;s proposals.
        </p>
      </div>
      {canManage ? (
        <form
          onSubmit={onAdd}
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
          noValidate
          aria-label="Add a member"
        >
          <Field label="Email of an existing user" name="email" type="email" error={errors.email} />
          <div className="space-y-1">
            <label htmlFor="new-company-role" className="block text-sm font-medium text-slate-700">
              Role
            </label>
            <select
              id="new-company-role"
              name="role"
              defaultValue="member"
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
        <Alert tone="info">Only the company&apos;s owners change its members.</Alert>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Members">
        {members.data.members.map((m) => {
          const isSelf = m.user_id === userId;
          return (
            <li key={m.user_id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {m.name} {isSelf ? <span className="text-xs text-slate-500">(you)</span> : null}
                </p>
                <p className="truncate text-sm text-slate-500">{m.email}</p>
              </div>
              <div className="flex items-center gap-2">
                {canManage ? (
                  <>
                    <label className="sr-only" htmlFor={`company-role-${m.user_id}`}>
                      Role of {m.name}
                    </label>
                    <select
                      id={`company-role-${m.user_id}`}
                      value={m.role}
                      onChange={(e) =>
                        changeRole.mutate(
                          { userId: m.user_id, role: e.target.value as CompanyRoleValue },
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
                  </>
                ) : (
                  <span className="text-sm text-slate-600">{ROLE_LABELS[m.role]?.label ?? m.role}</span>
                )}
                {canManage || isSelf ? (
                  <Button variant="danger" aria-label={isSelf ? "Leave the company" : `Remove ${m.name}`} onClick={() => onRemove(m)}>
                    {isSelf ? "Leave" : "Remove"}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {canManage ? (
        <InvitationsSection
          roles={ROLES}
          defaultRole="member"
          isLoading={false}
          invitations={members.data.invitations.map((i) => ({
            id: i.id,
            email: i.email,
            role: i.role,
            status: i.status,
            expiresAt: new Date(i.expires_at * 1000),
            invitedBy: i.invited_by,
            delivery: i.delivery,
          }))}
          invite={(emails, role) => mutations.invite.mutateAsync({ emails, role: role as CompanyRoleValue })}
          resend={(id) => mutations.resend.mutateAsync(id)}
          revoke={(id) => mutations.revoke.mutateAsync(id)}
        />
      ) : members.data.invitations.length ? (
        <section aria-label="Pending invitations" className="space-y-2">
          <h2 className="text-lg font-semibold">Pending invitations</h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {members.data.invitations.map((i) => (
              <li key={i.id} className="px-4 py-2">
                {i.email} · {ROLE_LABELS[i.role]?.label ?? i.role}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
