import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Project, Workspace } from "@/lib/generated/prisma/client";
import { can, getProjectOrThrow, roleIn, rolesWith } from "../access";
import type { Tx } from "@/lib/db/client";
import { toIso } from "@/lib/api/schemas";
import { readCourses } from "../hierarchy";
import { createDeletionBatch, lockOpenBatch, restoreBatch } from "../trash/batches";
import { listWorkspacesForUser } from "@/lib/workspaces/list-workspaces";

const workspaceRef = (w: Pick<Workspace, "id" | "name" | "kind">) => ({ id: w.id, name: w.name, kind: w.kind });

export function toProjectDto(p: Project & { workspace: Workspace }, courses: Awaited<ReturnType<typeof readCourses>> | null = null) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    courses,
    created_at: toIso(p.createdAt),
    updated_at: toIso(p.updatedAt),
    workspace: workspaceRef(p.workspace),
  };
}

export async function listWorkspaces(tx: Tx, caller: Caller) {
  return listWorkspacesForUser(tx, caller.userId);
}

/** Every project the caller can read, across workspaces, newest first. */
export async function listProjects(tx: Tx, caller: Caller) {
  const projects = await tx.project.findMany({
    where: { deletedAt: null, workspace: { memberships: { some: { userId: caller.userId } } } },
    include: { workspace: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return projects.map((p) => toProjectDto(p));
}

export async function createProject(tx: Tx, caller: Caller, input: { name: string; description?: string; workspace_id?: string }) {
  let workspaceId = input.workspace_id;
  if (!workspaceId) {
    const creatable = (await listWorkspacesForUser(tx, caller.userId)).filter((w) => w.can_create_projects);
    if (creatable.length === 0) throw new AppError("forbidden", "You cannot create projects in any workspace");
    if (creatable.length > 1) {
      throw new AppError("workspace_required", "You can create projects in several workspaces: choose one with workspace_id", {
        workspaces: creatable.map((w) => ({ id: w.id, name: w.name, kind: w.kind })),
      });
    }
    workspaceId = creatable[0].id;
  } else {
    const role = await roleIn(tx, caller, workspaceId);
    if (!role) throw notFound("Workspace");
    if (!can(role, "project.create")) throw new AppError("forbidden", "Your role in this workspace cannot create projects");
  }
  const project = await tx.project.create({
    data: { workspaceId, name: input.name, description: input.description ?? "" },
    include: { workspace: true },
  });
  return toProjectDto(project);
}

/** The project with its whole hierarchy: courses, modules, lessons, blocks. */
export async function getProject(tx: Tx, caller: Caller, projectId: string) {
  const access = await getProjectOrThrow({ tx, caller, projectId });
  const project = await tx.project.findUniqueOrThrow({ where: { id: projectId }, include: { workspace: true } });
  const courses = await readCourses(tx, { projectId }, access);
  return toProjectDto(project, courses);
}

export async function updateProject(tx: Tx, caller: Caller, projectId: string, input: { name?: string; description?: string }) {
  await getProjectOrThrow({ tx, caller, projectId, action: "project.update" });
  const project = await tx.project.update({
    where: { id: projectId },
    data: { name: input.name, description: input.description },
    include: { workspace: true },
  });
  return toProjectDto(project);
}

export async function deleteProject(tx: Tx, caller: Caller, projectId: string) {
  const access = await getProjectOrThrow({ tx, caller, projectId, action: "project.delete" });
  await createDeletionBatch(tx, caller, { kind: "project", id: projectId, workspaceId: access.workspaceId, projectId: null });
  return { success: true, id: projectId };
}

/** Deleted projects in the workspaces where the caller may restore them (admins), newest first. */
export async function listDeletedProjects(tx: Tx, caller: Caller) {
  const adminOf = await tx.membership.findMany({
    where: { userId: caller.userId, role: { in: rolesWith("project.delete") } },
    select: { workspaceId: true },
  });
  const batches = await tx.deletionBatch.findMany({
    where: { rootKind: "project", restoredAt: null, workspaceId: { in: adminOf.map((m) => m.workspaceId) } },
    orderBy: [{ deletedAt: "desc" }, { id: "asc" }],
  });
  const projects = await tx.project.findMany({
    where: { id: { in: batches.map((b) => b.rootId) }, deletedAt: { not: null } },
    include: { workspace: true },
  });
  const byId = new Map(projects.map((p) => [p.id, p]));
  return batches
    .filter((b) => byId.has(b.rootId))
    .map((b) => {
      const p = byId.get(b.rootId)!;
      return {
        id: p.id,
        name: p.name,
        workspace: workspaceRef(p.workspace),
        deleted_at: toIso(b.deletedAt),
        deleted_by_name: b.deletedByName,
      };
    });
}

export async function restoreProject(tx: Tx, caller: Caller, projectId: string) {
  const project = await tx.project.findUnique({ where: { id: projectId } });
  const role = project ? await roleIn(tx, caller, project.workspaceId) : null;
  if (!project || !role || !can(role, "project.delete")) throw notFound("Project");
  // An open batch is what says the project is still deleted: read under its lock, so a restore
  // that waited on another finds nothing left (404), as a repeat would.
  const batch = await lockOpenBatch(tx, { rootKind: "project", rootId: projectId });
  if (!batch) throw notFound("Deleted project");
  await restoreBatch(tx, batch);
  const restored = await tx.project.findUniqueOrThrow({ where: { id: projectId }, include: { workspace: true } });
  return toProjectDto(restored);
}
