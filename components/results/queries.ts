"use client";

import { useQuery } from "@tanstack/react-query";
import { appApi } from "@/lib/client/api";
import { resultKeys } from "@/lib/client/query-keys";
import type { ProjectResults } from "@/lib/client/types";

export type { ProjectResults };

/** How learners do in a project: quiz scores and lesson completions. */
export const useProjectResults = (projectId: string) =>
  useQuery({
    queryKey: resultKeys.ofProject(projectId),
    queryFn: () => appApi.GET("/projects/{projectId}/results", { params: { path: { projectId } } }),
  });
