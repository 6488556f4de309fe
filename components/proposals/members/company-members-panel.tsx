"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { InvitationsSection } from "@/components/invitations/invitations-section";
import { MembersList } from "@/components/members/members-list";
import { COMPANY_ROLES, roleLabel } from "@/components/members/role-labels";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { companyKeys } from "@/lib/client/query-keys";
import type { CompanyDto } from "../queries";
import { useCompanyMemberMutations, useCompanyMembers, type CompanyRoleValue } from "./queries";

/**
 * A company's members with their roles and its pending invitations. Owners add, invite, change
 * roles, remove, resend and revoke; a member sees the list and may leave.
 */
export function CompanyMembersPanel({ company, userId }: { company: CompanyDto; userId: string }) {
  const members = useCompanyMembers(company.id);
  const mutations = useCompanyMemberMutations(company.id);
  const { add, changeRole, remove } = mutations;
  const router = useRouter();
  const client = useQueryClient();

  if (members.isPending) return <LoadingPlaceholder label="Loading members" />;
  if (members.isError) return <Alert>Could not load the members: {members.error.message}</Alert>;
  const me = members.data.members.find((m) => m.user_id === userId);
  const canManage = me?.role === "owner";

  return (
    <MembersList
      teamName={company.name}
      intro="Owners manage the members; every member builds and sends the company's proposals."
      members={members.data.members.map((m) => ({
        userId: m.user_id,
        name: m.name,
        email: m.email,
        role: m.role,
        isYou: m.user_id === userId,
      }))}
      roles={COMPANY_ROLES}
      defaultRole="member"
      canManage={canManage}
      onlyManagersNote="Only the company's owners change its members."
      removeBody={(name) => `${name} loses access to its proposals and library. Proposals they made stay with the company.`}
      add={(input) => add.mutateAsync(input).then(({ data }) => data.name)}
      changeRole={(memberId, role) => changeRole.mutateAsync({ userId: memberId, role })}
      remove={(memberId) => remove.mutateAsync(memberId)}
      leave={{
        label: "Leave the company",
        body: "You lose access to its proposals and library. An owner can invite you again.",
        onLeft: () => {
          // Gone from the company: its pages are not this user's any more.
          void client.invalidateQueries({ queryKey: companyKeys.all });
          router.replace("/proposals");
          router.refresh();
        },
      }}
    >
      {canManage ? (
        <InvitationsSection
          roles={COMPANY_ROLES}
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
                {i.email} · {roleLabel(i.role)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </MembersList>
  );
}
