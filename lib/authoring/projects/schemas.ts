import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Description, Title } from "@/lib/authoring/common-schemas";
import { Course } from "../courses/schemas";
import { WorkspaceRef } from "../workspaces/schemas";

export const Project = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    courses: z.array(Course).nullable().describe("Filled only in the full-hierarchy read"),
    created_at: DateTime,
    updated_at: DateTime,
    workspace: WorkspaceRef,
  })
  .meta({ id: "Project" });

export const ProjectList = z.object({ projects: z.array(Project) });

export const ProjectCreate = z
  .object({ name: Title, description: Description.optional(), workspace_id: z.uuid().optional() })
  .meta({ id: "ProjectCreate" });

export const ProjectUpdate = atLeastOne(z.object({ name: Title.optional(), description: Description.optional() }), [
  "name",
  "description",
]).meta({ id: "ProjectUpdate" });

export const DeletedProject = z
  .object({
    id: z.uuid(),
    name: z.string(),
    workspace: WorkspaceRef,
    deleted_at: DateTime,
    deleted_by_name: z.string().nullable(),
  })
  .meta({ id: "DeletedProject" });

export const DeletedProjectList = z.object({ projects: z.array(DeletedProject) });

export const ProjectParams = z.object({ projectId: z.uuid() });
