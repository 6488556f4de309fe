/**
 * The course tree's endpoint list for the access and availability tests. Users, workspaces, trees
 * and assertions live in ../factories.ts and ../expect.ts; they are re-exported here for the files
 * that still import them from this module.
 */
import type { Api } from "../factories";

export {
  authoringUrl, createBlock, createCourse, createLesson, createModule, createProject, createQuestionAndQuiz, createTree, newUser,
  teamWorkspace, type Api, type Member,
} from "../factories";
export {
  anyIso, anyUuid, expectContiguous, expectNotFound, expectRecent, expectStatus, expectValidation, ISO_RE, NO_SUCH_ID, UUID_RE,
  walkList,
} from "../expect";

export type Ids = { projectId: string; deletedProjectId: string; courseId: string; moduleId: string; lessonId: string; blockId: string };
export type Call = { method: "get" | "post" | "patch" | "delete"; path: string; body?: unknown };

/** Every endpoint of the course tree that names a resource in its path. */
export function treeEndpoints(ids: Ids): Call[] {
  const { projectId, deletedProjectId, courseId, moduleId, lessonId, blockId } = ids;
  return [
    { method: "get", path: `/projects/${projectId}` },
    { method: "patch", path: `/projects/${projectId}`, body: { name: "Taken over" } },
    { method: "get", path: `/projects/${projectId}/courses` },
    { method: "post", path: `/projects/${projectId}/courses`, body: { title: "Intruder" } },
    { method: "get", path: `/courses/${courseId}` },
    { method: "patch", path: `/courses/${courseId}`, body: { title: "Taken over", position: 5 } },
    { method: "post", path: `/courses/${courseId}/publish` },
    { method: "post", path: `/courses/${courseId}/unpublish` },
    { method: "get", path: `/courses/${courseId}/modules` },
    { method: "post", path: `/courses/${courseId}/modules`, body: { title: "Intruder" } },
    { method: "get", path: `/modules/${moduleId}` },
    { method: "patch", path: `/modules/${moduleId}`, body: { title: "Taken over" } },
    { method: "get", path: `/modules/${moduleId}/lessons` },
    { method: "post", path: `/modules/${moduleId}/lessons`, body: { title: "Intruder" } },
    { method: "get", path: `/lessons/${lessonId}` },
    { method: "patch", path: `/lessons/${lessonId}`, body: { title: "Taken over" } },
    { method: "post", path: `/lessons/${lessonId}/publish` },
    { method: "post", path: `/lessons/${lessonId}/unpublish` },
    { method: "get", path: `/lessons/${lessonId}/blocks` },
    { method: "post", path: `/lessons/${lessonId}/blocks`, body: { type: "text", content: { body: "Intruder" } } },
    { method: "get", path: `/blocks/${blockId}` },
    { method: "patch", path: `/blocks/${blockId}`, body: { content: { body: "Taken over" } } },
    { method: "post", path: `/projects/${deletedProjectId}/restore` },
    { method: "delete", path: `/blocks/${blockId}` },
    { method: "delete", path: `/lessons/${lessonId}` },
    { method: "delete", path: `/modules/${moduleId}` },
    { method: "delete", path: `/courses/${courseId}` },
    { method: "delete", path: `/projects/${projectId}` },
  ];
}

/** The endpoints that name no resource in their path. */
export const topLevelEndpoints: Call[] = [
  { method: "get", path: "/workspaces" },
  { method: "get", path: "/projects" },
  { method: "post", path: "/projects", body: { name: "New" } },
  { method: "get", path: "/projects/deleted" },
];

export function call(api: Api, c: Call) {
  return c.method === "get" || c.method === "delete" ? api[c.method](c.path) : api[c.method](c.path, c.body);
}
