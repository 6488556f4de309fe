"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { proposalsApi } from "@/lib/client/api";
import { companyKeys } from "@/lib/client/query-keys";

export type CompanyRoleValue = "owner" | "member";

/** A company's members and open invitations (any member reads them). */
export const useCompanyMembers = (companyId: number) =>
  useQuery({
    queryKey: companyKeys.members(companyId),
    queryFn: () => proposalsApi.GET("/v3/companies/{companyId}/members", { params: { path: { companyId } } }).then((r) => r.data),
    // A mail's delivery changes on the server: look again now and then while the page is open.
    refetchInterval: 15_000,
  });

/** What owners do on the members page (and any member, for leaving). */
export function useCompanyMemberMutations(companyId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: companyKeys.members(companyId) });
  const member = (userId: string) => ({ params: { path: { companyId, userId } } });
  const invitation = (invitationId: string) => ({ params: { path: { companyId, invitationId } } });
  return {
    add: useMutation({
      mutationFn: (body: { email: string; role: CompanyRoleValue }) =>
        proposalsApi.POST("/v3/companies/{companyId}/members", { params: { path: { companyId } }, body }),
      onSuccess: refresh,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: CompanyRoleValue }) =>
        proposalsApi.PATCH("/v3/companies/{companyId}/members/{userId}", { ...member(userId), body: { role } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (userId: string) => proposalsApi.DELETE("/v3/companies/{companyId}/members/{userId}", member(userId)),
      onSuccess: refresh,
    }),
    invite: useMutation({
      mutationFn: (body: { emails: string[]; role: CompanyRoleValue }) =>
        proposalsApi.POST("/v3/companies/{companyId}/invitations", { params: { path: { companyId } }, body }),
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: (invitationId: string) =>
        proposalsApi.POST("/v3/companies/{companyId}/invitations/{invitationId}/resend", invitation(invitationId)),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) =>
        proposalsApi.DELETE("/v3/companies/{companyId}/invitations/{invitationId}", invitation(invitationId)),
      onSuccess: refresh,
    }),
  };
}
