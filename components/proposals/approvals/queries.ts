"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { proposalsApi } from "@/lib/client/api";
import { companyKeys, proposalKeys } from "@/lib/client/query-keys";

export type ApprovalRulesInput = { max_discount_percent: number | null; max_total_without_tax: number | null };

/** A company's approval rules, with can_manage: whether the user is an owner (any member reads them). */
export const useApprovalRules = (companyId: number) =>
  useQuery({
    queryKey: companyKeys.approvalRules(companyId),
    queryFn: () => proposalsApi.GET("/v3/companies/{companyId}/approval-rules", { params: { path: { companyId } } }).then((r) => r.data),
  });

/** Owners set the rules. */
export function useSetApprovalRules(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalRulesInput) =>
      proposalsApi.PUT("/v3/companies/{companyId}/approval-rules", { params: { path: { companyId } }, body }).then((r) => r.data),
    onSuccess: (answer) => {
      client.setQueryData(companyKeys.approvalRules(companyId), answer);
      // Every proposal's approval state reads the rules.
      void client.invalidateQueries({ queryKey: proposalKeys.all });
    },
  });
}

export type ApprovalStep = "request" | "approve" | "decline";

const PATHS = {
  request: "/v3/proposals/{uuid}/approval-requests",
  approve: "/v3/proposals/{uuid}/approve",
  decline: "/v3/proposals/{uuid}/decline-approval",
} as const;

/** A step of a draft's approval round: a member asks, an owner approves or declines; each with an optional note. */
export function useApprovalStep(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ step, note }: { step: ApprovalStep; note: string }) =>
      proposalsApi.POST(PATHS[step], { params: { path: { uuid } }, body: note.trim() ? { note } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKeys.detail(uuid) }),
  });
}
