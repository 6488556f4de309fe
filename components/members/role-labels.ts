import type { CompanyRoleValue } from "@/components/proposals/members/queries";
import type { WorkspaceRoleValue } from "@/lib/client/types";

export type RoleValue = WorkspaceRoleValue | CompanyRoleValue;

/**
 * The one list of role names: how the members pages, their invitations and the invitation page
 * name each role of a workspace or a company, with what it may do.
 */
export const ROLE_LABELS: Record<RoleValue, { label: string; help: string }> = {
  admin: { label: "Admin", help: "manages the workspace's courses, publishing and members" },
  author: { label: "Author", help: "creates, edits and publishes courses" },
  learner: { label: "Learner", help: "takes the published courses" },
  owner: { label: "Owner", help: "builds and sends proposals, and manages the company's members" },
  member: { label: "Member", help: "builds and sends the company's proposals" },
};

/** The roles each kind of team offers, in the order its menus and legend list them. */
export const WORKSPACE_ROLES = ["admin", "author", "learner"] as const satisfies readonly WorkspaceRoleValue[];
export const COMPANY_ROLES = ["member", "owner"] as const satisfies readonly CompanyRoleValue[];

const known = (role: string): role is RoleValue => Object.hasOwn(ROLE_LABELS, role);

/** A role's name ("Admin"); a role this list does not know, as it is. */
export const roleLabel = (role: string) => (known(role) ? ROLE_LABELS[role].label : role);

/** What a role may do, or undefined for a role this list does not know. */
export const roleHelp = (role: string) => (known(role) ? ROLE_LABELS[role].help : undefined);
