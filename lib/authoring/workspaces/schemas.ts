import { z } from "zod";

export const WorkspaceKind = z.enum(["personal", "team"]);
export const WorkspaceRole = z.enum(["admin", "author", "learner"]);

export const Workspace = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: WorkspaceKind,
    role: WorkspaceRole.describe("The caller's role"),
    can_create_projects: z.boolean(),
  })
  .meta({ id: "Workspace" });

export const WorkspaceRef = z.object({ id: z.uuid(), name: z.string(), kind: WorkspaceKind }).meta({ id: "WorkspaceRef" });

export const WorkspaceList = z.object({ workspaces: z.array(Workspace) });
