import { cachedJson, entityTag } from "@/lib/api/answer-cache";
import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import { matchesIfNoneMatch, NotModified } from "@/lib/api/prebuilt";
import { toIso } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { isoSql } from "@/lib/db/iso-sql";
import { Prisma, type Project, type Workspace } from "@/lib/generated/prisma/client";
import { listWorkspacesForUser } from "@/lib/workspaces/list-workspaces";
import { can, getProjectOrThrow, roleIn, rolesWith } from "../access";
import { isLearner, type ProjectAccess } from "../access";
import { audienceOf } from "../dto";
import { createDeletionBatch, lockOpenBatch, restoreBatch } from "../trash/batches";
import { courseRenderings, visibleCourses } from "../tree-fragments";
import { utf8 } from "../tree-json";
import { visibleSql } from "../visibility";

const workspaceRef = (w: Pick<Workspace, "id" | "name" | "kind">) => ({ id: w.id, name: w.name, kind: w.kind });

/** A project's own fields; `courses` stays null here (the whole-project read builds its tree as JSON, ../tree-json.ts). */
export function toProjectDto(p: Project & { workspace: Workspace }) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    courses: null,
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

type ProjectHead = {
  id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
  workspace_id: string;
  workspace_name: string;
  workspace_kind: string;
  role: ProjectAccess["role"];
  version: string;
};

/**
 * The project's own fields, the caller's role in it and its content version, as JSON text (NULL
 * when the project is not the caller's): `userId` is SQL naming the caller, so the API-key lookup
 * can send it in its own statement (`readWithKey`).
 */
export const projectHeadJson = (projectId: string, userId: Prisma.Sql) => Prisma.sql`
    SELECT row_to_json(h)::text FROM (
      SELECT p.id::text, p.name, p.description,
        ${Prisma.raw(isoSql("p.created_at"))} AS created_at, ${Prisma.raw(isoSql("p.updated_at"))} AS updated_at,
        w.id::text AS workspace_id, w.name AS workspace_name, w.kind::text AS workspace_kind,
        m.role::text AS role, p.content_version::text AS version
      FROM projects p
      JOIN workspaces w ON w.id = p.workspace_id
      JOIN memberships m ON m.workspace_id = p.workspace_id AND m.user_id = ${userId}
      WHERE p.id = ${projectId}::uuid AND ${Prisma.raw(visibleSql("project", false))}) h`;

async function readProjectHead(tx: Tx, caller: Caller, projectId: string): Promise<string | null> {
  const [row] = await tx.$queryRaw<
    { head: string | null }[]
  >`SELECT (${projectHeadJson(projectId, Prisma.sql`${caller.userId}::uuid`)}) AS head`;
  return row.head;
}

/**
 * The whole-project read as the API answers it: JSON text built by the database
 * (../tree-json.ts), spliced from each course's rendering at its own version (../tree-fragments.ts),
 * kept whole in the versioned cache (lib/api/answer-cache.ts) and named by an entity tag, so
 * an unchanged project is answered without reading its tree, and a client holding the current
 * version gets 304. The tag covers everything in the body: the content version, the project's own
 * fields, its workspace's name, the audience and the kind of read. `outline` reads the structure
 * alone (no blocks, a block count per lesson): the course tree's view of a big project.
 */
export async function getProjectTree(
  tx: Tx,
  caller: Caller,
  projectId: string,
  {
    ifNoneMatch,
    outline = false,
    prefetched,
  }: {
    ifNoneMatch?: string | null;
    outline?: boolean;
    /** `projectHeadJson` as the API-key lookup read it; undefined: read it here. */
    prefetched?: string | null;
  } = {},
) {
  const headJson = prefetched === undefined ? await readProjectHead(tx, caller, projectId) : prefetched;
  if (!headJson) throw notFound("Project");
  const head = JSON.parse(headJson) as ProjectHead;
  const access: ProjectAccess = { projectId: head.id, workspaceId: head.workspace_id, role: head.role };
  const learner = isLearner(access);
  const { version } = head;
  const project = {
    id: head.id,
    name: head.name,
    description: head.description,
    created_at: head.created_at,
    updated_at: head.updated_at,
    workspace: { id: head.workspace_id, name: head.workspace_name, kind: head.workspace_kind },
  };
  const described = JSON.stringify(project);
  const kind = `${outline ? "outline" : "tree"}:${learner ? "learner" : "author"}`;
  const etag = entityTag(kind, version, described);
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return new NotModified(etag);
  return cachedJson(`${kind}:${projectId}`, etag, async () => {
    const read = { learner, audience: audienceOf(access), outline };
    const listed = await visibleCourses(tx, projectId, learner);
    const { bodies, current } = await courseRenderings(tx, listed.courses, read);
    const body = utf8([`${described.slice(0, -1)},"courses":[`, ...bodies.flatMap((b, i) => (i > 0 ? [",", b] : [b])), "]}"]);
    // A write that landed after the head was read may show in some courses and not others: such a
    // body is a fine answer but names no version, so it is neither tagged nor kept.
    return { body, current: current && listed.projectVersion === version };
  });
}

/** The project as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getProjectForUpdate(tx: Tx, caller: Caller, projectId: string) {
  await getProjectOrThrow({ tx, caller, projectId, action: "project.update" });
  return toProjectDto(await tx.project.findUniqueOrThrow({ where: { id: projectId }, include: { workspace: true } }));
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
