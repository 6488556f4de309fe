"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useWorkspaces } from "@/components/workspaces/queries";
import { proposalsApi } from "@/lib/client/api";
import { companyKeys } from "@/lib/client/query-keys";
import { errorMessage } from "../editor/format";
import type { CompanyDto } from "../queries";

const useCompanyWorkspace = (companyId: number) =>
  useQuery({
    queryKey: companyKeys.workspace(companyId),
    queryFn: () => proposalsApi.GET("/v3/companies/{companyId}/workspace", { params: { path: { companyId } } }).then((r) => r.data),
  });

function useSetCompanyWorkspace(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string | null) =>
      proposalsApi
        .PUT("/v3/companies/{companyId}/workspace", { params: { path: { companyId } }, body: { workspace_id: workspaceId } })
        .then((r) => r.data),
    onSuccess: (answer) => client.setQueryData(companyKeys.workspace(companyId), answer),
  });
}

/**
 * The workspace whose courses the company sells (issue 43, docs/decisions/067), on the company's
 * page beside its members and approval rules. An owner picks one of the workspaces they administer;
 * members see which it is.
 */
export function CourseWorkspaceSection({ company }: { company: CompanyDto }) {
  const link = useCompanyWorkspace(company.id);
  const headingId = useId();
  if (link.isPending) return null;
  if (link.isError) return <Alert>Could not load the workspace whose courses the company sells: {link.error.message}</Alert>;
  const current = link.data.workspace;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Courses you sell
        </h2>
        <p className="text-sm text-slate-600">
          The authoring workspace whose courses this company sells in its proposals. Only an owner who is also an admin of the workspace
          chooses it.
        </p>
      </div>
      <p className="text-sm">
        {current ? (
          <>
            Courses of <strong>{current.name}</strong>
          </>
        ) : (
          "No workspace: the company sells no courses."
        )}
      </p>
      {link.data.can_manage ? <WorkspaceForm key={current?.id ?? "none"} company={company} current={current?.id ?? null} /> : null}
    </section>
  );
}

function WorkspaceForm({ company, current }: { company: CompanyDto; current: string | null }) {
  const workspaces = useWorkspaces();
  const save = useSetCompanyWorkspace(company.id);
  const toast = useToast();
  const [choice, setChoice] = useState(current ?? "");
  const [error, setError] = useState<string>();
  const selectId = useId();
  const administered = (workspaces.data ?? []).filter((w) => w.role === "admin");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await save.mutateAsync(choice || null);
      toast.show(choice ? "The company now sells this workspace's courses." : "The company sells no courses now.", { tone: "success" });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  if (workspaces.isError) return <Alert>Could not load your workspaces: {workspaces.error.message}</Alert>;
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="space-y-1">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
          Workspace
        </label>
        <select
          id={selectId}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          disabled={workspaces.isPending}
          className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:w-72"
        >
          <option value="">None</option>
          {administered.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={save.isPending || choice === (current ?? "")}>
        Save workspace
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
