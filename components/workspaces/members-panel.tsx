"use client";

import Link from "next/link";
import { MembersList } from "@/components/members/members-list";
import { WORKSPACE_ROLES } from "@/components/members/role-labels";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useMemberMutations, useMembers } from "./queries";
import { WorkspaceInvitations } from "./workspace-invitations";

/** A team workspace's members page: its admins add, invite, change roles and remove; the others see the list. */
export function MembersPanel({ workspaceId }: { workspaceId: string }) {
  const members = useMembers(workspaceId);
  const { add, changeRole, remove } = useMemberMutations(workspaceId);

  if (members.isPending) return <LoadingPlaceholder label="Loading members" />;
  if (members.isError) return <Alert>Could not load the members: {members.error.message}</Alert>;
  const { workspace, can_manage } = members.data;

  return (
    <MembersList
      teamName={workspace.name}
      back={
        <Link href={`/?workspace=${workspace.id}`} className="text-sm text-slate-500 hover:text-brand-600">
          ← {workspace.name}
        </Link>
      }
      members={members.data.members.map((m) => ({ userId: m.user_id, name: m.name, email: m.email, role: m.role, isYou: m.is_you }))}
      roles={WORKSPACE_ROLES}
      defaultRole="author"
      canManage={can_manage}
      onlyManagersNote="Only admins of this workspace change its members."
      removeBody={(name) => `${name} loses access to its projects.`}
      // The service answers the members now, not the one added.
      add={(input) => add.mutateAsync(input).then(() => undefined)}
      changeRole={(userId, role) => changeRole.mutateAsync({ userId, role })}
      remove={(userId) => remove.mutateAsync(userId)}
    >
      {can_manage ? <WorkspaceInvitations workspaceId={workspace.id} roles={WORKSPACE_ROLES} /> : null}
    </MembersList>
  );
}
