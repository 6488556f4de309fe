import { defineEndpoint } from "@/lib/api/endpoint";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { ifMatchOn } from "../versions";
import { WorkspaceList } from "../workspaces/schemas";
import {
  createProject,
  deleteProject,
  getProjectTree,
  projectHeadJson,
  getProjectForUpdate,
  listDeletedProjects,
  listProjects,
  listWorkspaces,
  restoreProject,
  updateProject,
} from "./projects";
import { DeletedProjectList, Project, ProjectCreate, ProjectList, ProjectOutline, ProjectParams, ProjectUpdate } from "./schemas";

export const listWorkspacesEndpoint = defineEndpoint({
  operationId: "list_workspaces",
  method: "GET",
  path: "/workspaces",
  tag: "Workspaces and projects",
  summary: "List your workspaces",
  description:
    "Returns the workspaces you belong to, with your role in each and whether you can create projects there. Use it first: a workspace id is the workspace_id of create_project.",
  response: WorkspaceList,
  status: 200,
  run: async ({ db, caller }) => ({ workspaces: await listWorkspaces(db, caller) }),
});

export const listProjectsEndpoint = defineEndpoint({
  operationId: "list_projects",
  method: "GET",
  path: "/projects",
  tag: "Workspaces and projects",
  summary: "List projects",
  description:
    "Returns every project you can read, across your workspaces, newest first; `courses` is null here. Use it to find a project id, then get_project for its whole hierarchy.",
  response: ProjectList,
  status: 200,
  run: async ({ db, caller }) => ({ projects: await listProjects(db, caller) }),
});

export const createProjectEndpoint = defineEndpoint({
  operationId: "create_project",
  method: "POST",
  path: "/projects",
  tag: "Workspaces and projects",
  summary: "Create a project",
  description:
    "Returns the new project. Creates a project (name 1..200 characters, description up to 2000). When you can create projects in more than one workspace, pass workspace_id; without it the answer is 400 workspace_required listing them.",
  body: ProjectCreate,
  response: Project,
  status: 201,
  errors: ["forbidden", "workspace_required", "not_found"],
  run: (ctx) => write(ctx, (tx) => createProject(tx, ctx.caller, ctx.body)),
});

export const listDeletedProjectsEndpoint = defineEndpoint({
  operationId: "list_deleted_projects",
  method: "GET",
  path: "/projects/deleted",
  tag: "Workspaces and projects",
  summary: "List deleted projects",
  description:
    "Returns the deleted projects you may restore (in workspaces where you are admin), newest first. Use it to find the id restore_project takes.",
  response: DeletedProjectList,
  status: 200,
  run: async ({ db, caller }) => ({ projects: await listDeletedProjects(db, caller) }),
});

export const getProjectEndpoint = defineEndpoint({
  operationId: "get_project",
  method: "GET",
  path: "/projects/{projectId}",
  tag: "Workspaces and projects",
  summary: "Read a project with its whole hierarchy",
  description:
    "Returns the project with its courses, their modules, lessons and blocks, in position order (learners get only published courses and lessons). Use it to see a whole project at once before editing; on a big project, get_project_outline is much smaller. Answers carry an ETag; send it back as If-None-Match to get 304 while nothing changed.",
  params: ProjectParams,
  response: Project,
  status: 200,
  // With a key, the caller's access and the project's version come with the key: a cached tree is one statement.
  readWithKey: (params) => (userId) => projectHeadJson(params.projectId, userId),
  run: async ({ db, caller, params, ifNoneMatch, prefetched }) => getProjectTree(db, caller, params.projectId, { ifNoneMatch, prefetched }),
});

export const getProjectOutlineEndpoint = defineEndpoint({
  operationId: "get_project_outline",
  method: "GET",
  path: "/projects/{projectId}/outline",
  tag: "Workspaces and projects",
  summary: "Read a project's structure without block content",
  description:
    "Returns the project with its courses, modules and lessons in position order, each lesson with block_count instead of its blocks (learners get only published courses and lessons). A fraction of get_project's size on a big project: use it to find your way, then list_blocks for a lesson's content. Answers carry an ETag; send it back as If-None-Match to get 304 while nothing changed.",
  params: ProjectParams,
  response: ProjectOutline,
  status: 200,
  readWithKey: (params) => (userId) => projectHeadJson(params.projectId, userId),
  run: async ({ db, caller, params, ifNoneMatch, prefetched }) =>
    getProjectTree(db, caller, params.projectId, { ifNoneMatch, outline: true, prefetched }),
});

export const updateProjectEndpoint = defineEndpoint({
  operationId: "update_project",
  method: "PATCH",
  path: "/projects/{projectId}",
  tag: "Workspaces and projects",
  summary: "Rename or describe a project",
  description: "Send at least one of name (1..200) and description (up to 2000). Returns the project as saved (courses is null).",
  params: ProjectParams,
  body: ProjectUpdate,
  response: Project,
  status: 200,
  ifMatch: ifMatchOn("projects", "projectId", getProjectForUpdate),
  run: (ctx) => write(ctx, (tx) => updateProject(tx, ctx.caller, ctx.params.projectId, ctx.body)),
});

export const deleteProjectEndpoint = defineEndpoint({
  operationId: "delete_project",
  method: "DELETE",
  path: "/projects/{projectId}",
  tag: "Workspaces and projects",
  summary: "Delete a project",
  description:
    "Moves the project and everything in it to the deleted projects (workspace admins only). Nothing is erased; restore it with restore_project. Returns {success, id}.",
  params: ProjectParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteProject(tx, ctx.caller, ctx.params.projectId)),
});

export const restoreProjectEndpoint = defineEndpoint({
  operationId: "restore_project",
  method: "POST",
  path: "/projects/{projectId}/restore",
  tag: "Trash",
  summary: "Restore a deleted project",
  description:
    "Restores a deleted project and everything deleted along with it (workspace admins only). Returns the project as it is again.",
  params: ProjectParams,
  response: Project,
  status: 200,
  run: (ctx) => write(ctx, (tx) => restoreProject(tx, ctx.caller, ctx.params.projectId)),
});
