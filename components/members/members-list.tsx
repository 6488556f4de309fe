"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { ROLE_LABELS, roleLabel, type RoleValue } from "./role-labels";

/** A member as both members pages show it (each service's answer mapped to it). */
export type Member<R extends RoleValue> = { userId: string; name: string; email?: string; role: R; isYou: boolean };

/**
 * A team's members page, for a workspace and a company alike: the heading, "Add a member" (an
 * existing user, by email), the members with their roles, what the page puts under them (its
 * invitations) and what each role may do. Who may manage sees a role menu and Remove on every row;
 * where members may leave (`leave`), each sees Leave on their own row. What it calls is the page's.
 */
export function MembersList<R extends RoleValue>({
  teamName,
  back,
  intro,
  members,
  roles,
  defaultRole,
  canManage,
  onlyManagersNote,
  removeBody,
  add,
  changeRole,
  remove,
  leave,
  children,
}: {
  /** The workspace's or company's name, in the heading and the confirmations. */
  teamName: string;
  /** Above the heading: the way back to the team. */
  back?: ReactNode;
  /** Under the heading: who does what. */
  intro?: ReactNode;
  members: Member<R>[];
  /** The roles offered, in the order the menus and the legend list them. */
  roles: readonly R[];
  defaultRole: R;
  canManage: boolean;
  /** Instead of "Add a member", to whoever may not manage the members. */
  onlyManagersNote: string;
  /** What the confirmation of removing someone says they lose. */
  removeBody: (name: string) => string;
  /** Adds an existing user; answers the added member's name when the service says it. */
  add: (input: { email: string; role: R }) => Promise<string | undefined>;
  changeRole: (userId: string, role: R) => Promise<unknown>;
  remove: (userId: string) => Promise<unknown>;
  /** Members may leave: the Leave button's name, what its confirmation says, what happens once they have left. */
  leave?: { label: string; body: string; onLeft: () => void };
  children?: ReactNode;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const id = useId();
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});
  const [isAdding, setIsAdding] = useState(false);
  const showError = (error: Error) => toast.show(error.message, { tone: "error" });

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setErrors({});
    setIsAdding(true);
    try {
      const name = await add({ email: String(data.get("email") ?? ""), role: String(data.get("role")) as R });
      form.reset();
      toast.show(name ? `${name} added.` : "Member added.", { tone: "success" });
    } catch (e) {
      const issue = e instanceof ApiClientError ? e.issues.find((i) => i.path === "email") : undefined;
      setErrors(issue ? { email: issue.message } : { form: (e as Error).message });
    } finally {
      setIsAdding(false);
    }
  }

  async function onRemove(member: Member<R>) {
    const isLeaving = member.isYou && leave !== undefined;
    const ok = await confirm({
      title: isLeaving ? `Leave ${teamName}?` : `Remove ${member.name} from ${teamName}?`,
      body: isLeaving ? leave.body : removeBody(member.name),
      confirmLabel: isLeaving ? "Leave" : "Remove",
      tone: "danger",
    });
    if (!ok) return;
    try {
      await remove(member.userId);
    } catch (e) {
      return showError(e as Error);
    }
    if (isLeaving) leave.onLeft();
    else toast.show(`${member.name} removed.`, { tone: "success" });
  }

  const roleOptions = roles.map((role) => (
    <option key={role} value={role}>
      {roleLabel(role)}
    </option>
  ));

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        {back}
        <h1 className={`${back ? "mt-1 " : ""}text-2xl font-semibold`}>Members of {teamName}</h1>
        {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
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
            <label htmlFor={`${id}-new-role`} className="block text-sm font-medium text-slate-700">
              Role
            </label>
            <select
              id={`${id}-new-role`}
              name="role"
              defaultValue={defaultRole}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {roleOptions}
            </select>
          </div>
          <Button type="submit" disabled={isAdding}>
            Add
          </Button>
          {errors.form ? (
            <div className="sm:col-span-3">
              <Alert>{errors.form}</Alert>
            </div>
          ) : null}
        </form>
      ) : (
        <Alert tone="info">{onlyManagersNote}</Alert>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Members">
        {members.map((m) => {
          const isLeaving = m.isYou && leave !== undefined;
          return (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {m.name} {m.isYou ? <span className="text-xs text-slate-500">(you)</span> : null}
                </p>
                {m.email ? <p className="truncate text-sm text-slate-500">{m.email}</p> : null}
              </div>
              <div className="flex items-center gap-2">
                {canManage ? (
                  <>
                    <label className="sr-only" htmlFor={`${id}-role-${m.userId}`}>
                      Role of {m.name}
                    </label>
                    <select
                      id={`${id}-role-${m.userId}`}
                      value={m.role}
                      onChange={(e) => changeRole(m.userId, e.target.value as R).catch(showError)}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                    >
                      {roleOptions}
                    </select>
                  </>
                ) : (
                  <span className="text-sm text-slate-600">{roleLabel(m.role)}</span>
                )}
                {canManage || isLeaving ? (
                  <Button variant="danger" aria-label={isLeaving ? leave.label : `Remove ${m.name}`} onClick={() => onRemove(m)}>
                    {isLeaving ? "Leave" : "Remove"}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {children}
      <dl className="grid gap-1 text-xs text-slate-500">
        {roles.map((role) => (
          <div key={role}>
            <dt className="inline font-semibold">{ROLE_LABELS[role].label}:</dt> <dd className="inline">{ROLE_LABELS[role].help}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
