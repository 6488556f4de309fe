/**
 * Workspaces and projects of the course-authoring service (course-authoring-service.md,
 * "Workspaces and projects"; contract.md, Roles and Trash).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyIso, anyUuid, expectNotFound, expectRecent, expectStatus, expectValidation, NO_SUCH_ID } from "../expect";
import {
  createBlock,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createTree,
  deletedInOrder,
  newUser,
  teamWorkspace,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[WORKSPACES] GET /workspaces", () => {
  it("lists every workspace of the caller with their role and whether they can create projects there", async () => {
    const me = await newUser(server);
    const other = await newUser(server);
    const asAuthor = await teamWorkspace(other, [{ user: me, role: "author" }], "Authors");
    const asLearner = await teamWorkspace(other, [{ user: me, role: "learner" }], "Learners");
    const mine = await teamWorkspace(me, [], "Mine");
    await teamWorkspace(other, [], "Not mine");

    const res = await me.api.get("/workspaces");
    expectStatus(res, 200);
    expect(Object.keys(res.body)).toEqual(["workspaces"]);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...res.body.workspaces].sort(byId)).toEqual(
      [
        { id: me.personalWorkspace.id, name: me.personalWorkspace.name, kind: "personal", role: "admin", can_create_projects: true },
        { id: asAuthor.id, name: "Authors", kind: "team", role: "author", can_create_projects: true },
        { id: asLearner.id, name: "Learners", kind: "team", role: "learner", can_create_projects: false },
        { id: mine.id, name: "Mine", kind: "team", role: "admin", can_create_projects: true },
      ].sort(byId),
    );
  });

  it("shows a new user only their personal workspace", async () => {
    const me = await newUser(server);
    const res = await me.api.get("/workspaces");
    expectStatus(res, 200);
    expect(res.body).toEqual({
      workspaces: [
        { id: me.personalWorkspace.id, name: me.personalWorkspace.name, kind: "personal", role: "admin", can_create_projects: true },
      ],
    });
  });
});

describe("[PROJECTS] POST /projects", () => {
  it("creates a project in the only workspace the caller can create in, answering every field", async () => {
    const me = await newUser(server);
    const res = await me.api.post("/projects", { name: "  Onboarding  ", description: "For new staff", ignored: true });
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      name: "Onboarding",
      description: "For new staff",
      courses: null,
      created_at: anyIso(),
      updated_at: anyIso(),
      workspace: { id: me.personalWorkspace.id, name: me.personalWorkspace.name, kind: "personal" },
    });
    expectRecent(res.body.created_at);
    expectRecent(res.body.updated_at);
    const read = await me.api.get(`/projects/${res.body.id}`);
    expectStatus(read, 200);
    expect(read.body).toEqual({ ...res.body, courses: [] });
  });

  it("defaults the description to an empty string", async () => {
    const me = await newUser(server);
    const res = await me.api.post("/projects", { name: "Bare" });
    expectStatus(res, 201);
    expect(res.body.description).toBe("");
  });

  it("without workspace_id, picks the one creatable workspace even when the caller is a learner elsewhere", async () => {
    const me = await newUser(server);
    const owner = await newUser(server);
    await teamWorkspace(owner, [{ user: me, role: "learner" }]);
    const res = await me.api.post("/projects", { name: "Mine" });
    expectStatus(res, 201);
    expect(res.body.workspace).toEqual({ id: me.personalWorkspace.id, name: me.personalWorkspace.name, kind: "personal" });
  });

  it("without workspace_id, answers 400 workspace_required listing the creatable workspaces when there are several", async () => {
    const me = await newUser(server);
    const owner = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: me, role: "author" }], "Writers");
    const learnerOnly = await teamWorkspace(owner, [{ user: me, role: "learner" }], "Readers");
    const res = await me.api.post("/projects", { name: "Where?" });
    expectStatus(res, 400);
    expect(res.body).toEqual({ error: expect.any(String), code: "workspace_required", details: { workspaces: expect.any(Array) } });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...res.body.details.workspaces].sort(byId)).toEqual(
      [
        { id: me.personalWorkspace.id, name: me.personalWorkspace.name, kind: "personal" },
        { id: team.id, name: "Writers", kind: "team" },
      ].sort(byId),
    );
    expect(res.body.details.workspaces.map((w: { id: string }) => w.id)).not.toContain(learnerOnly.id);
    expect((await me.api.get("/projects")).body.projects).toEqual([]);

    const chosen = await me.api.post("/projects", { name: "Here", workspace_id: team.id });
    expectStatus(chosen, 201);
    expect(chosen.body.workspace).toEqual({ id: team.id, name: "Writers", kind: "team" });
  });

  it("answers 403 forbidden for a workspace where the caller is only a learner, and creates nothing", async () => {
    const me = await newUser(server);
    const owner = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: me, role: "learner" }]);
    const res = await me.api.post("/projects", { name: "Nope", workspace_id: team.id });
    expectStatus(res, 403);
    expect(res.body).toEqual({ error: expect.any(String), code: "forbidden" });
    expect((await owner.api.get("/projects")).body.projects).toEqual([]);
    expect((await me.api.get("/projects")).body.projects).toEqual([]);
  });

  it("answers 404 for a workspace that does not exist, or that the caller is not a member of", async () => {
    const me = await newUser(server);
    const stranger = await newUser(server);
    expectNotFound(await me.api.post("/projects", { name: "X", workspace_id: NO_SUCH_ID }));
    expectNotFound(await me.api.post("/projects", { name: "X", workspace_id: stranger.personalWorkspace.id }));
    expect((await stranger.api.get("/projects")).body.projects).toEqual([]);
    expect((await me.api.get("/projects")).body.projects).toEqual([]);
  });

  it("shares a project created in a team workspace with the team's members", async () => {
    const owner = await newUser(server);
    const writer = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: writer, role: "author" }], "Crew");
    const created = await createProject(writer.api, { name: "Shared", workspace_id: team.id });
    expect(created.workspace).toEqual({ id: team.id, name: "Crew", kind: "team" });
    const ownerView = await owner.api.get(`/projects/${created.id}`);
    expectStatus(ownerView, 200);
    expect(ownerView.body.name).toBe("Shared");
  });

  it("accepts a name of 200 characters and a description of 2000, and refuses 201, 2001, empty and blank", async () => {
    const me = await newUser(server);
    const ok = await me.api.post("/projects", { name: "n".repeat(200), description: "d".repeat(2000) });
    expectStatus(ok, 201);
    expect(ok.body.name).toBe("n".repeat(200));
    expect(ok.body.description).toBe("d".repeat(2000));
    expectValidation(await me.api.post("/projects", { name: "n".repeat(201) }), ["name"]);
    expectValidation(await me.api.post("/projects", { name: "" }), ["name"]);
    expectValidation(await me.api.post("/projects", { name: "   " }), ["name"]);
    expectValidation(await me.api.post("/projects", {}), ["name"]);
    expectValidation(await me.api.post("/projects", { name: 7 }), ["name"]);
    expectValidation(await me.api.post("/projects", { name: "ok", description: "d".repeat(2001) }), ["description"]);
    expectValidation(await me.api.post("/projects", { name: "ok", workspace_id: "personal" }), ["workspace_id"]);
    const list = await me.api.get("/projects");
    expect(list.body.projects.map((p: { id: string }) => p.id)).toEqual([ok.body.id]);
  });

  it("answers 400 invalid_json to a body that is not JSON", async () => {
    const me = await newUser(server);
    for (const body of ["{name:", "", "[not json"]) {
      const res = await me.api.post("/projects", body, { "content-type": "application/json" });
      expectStatus(res, 400);
      expect(res.body).toEqual({ error: expect.any(String), code: "invalid_json" });
    }
    expect((await me.api.get("/projects")).body.projects).toEqual([]);
  });
});

describe("[PROJECTS] GET /projects", () => {
  it("lists every readable project across the caller's workspaces, without courses, and nothing else", async () => {
    const me = await newUser(server);
    const owner = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: me, role: "author" }], "Shared space");
    const personal = await createProject(me.api, { name: "Personal one", workspace_id: me.personalWorkspace.id });
    const shared = await createProject(owner.api, { name: "Team one", workspace_id: team.id });
    await createCourse(me.api, personal.id);
    await createProject(owner.api, { name: "Owner's private", workspace_id: owner.personalWorkspace.id });
    const gone = await createProject(me.api, { name: "Deleted", workspace_id: me.personalWorkspace.id });
    expectStatus(await me.api.delete(`/projects/${gone.id}`), 200);

    const res = await me.api.get("/projects");
    expectStatus(res, 200);
    expect(Object.keys(res.body)).toEqual(["projects"]);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...res.body.projects].sort(byId)).toEqual(
      [
        { ...personal, courses: null },
        { ...shared, courses: null },
      ].sort(byId),
    );
  });
});

describe("[PROJECTS] GET /projects/{projectId}", () => {
  it("reads the whole hierarchy in position order: courses, modules, lessons and blocks", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api, { name: "Tree", description: "All of it" });
    const second = await createCourse(me.api, project.id, { title: "Second" });
    const first = await createCourse(me.api, project.id, { title: "First", position: 0 });
    const m2 = await createModule(me.api, first.id, { title: "M2" });
    const m1 = await createModule(me.api, first.id, { title: "M1", position: 0 });
    const lesson = await createLesson(me.api, m1.id, { title: "L1" });
    const b2 = await createBlock(me.api, lesson.id, { type: "text", content: { body: "two" } });
    const b1 = await createBlock(me.api, lesson.id, { type: "example", content: { body: "one" }, position: 0 });

    const res = await me.api.get(`/projects/${project.id}`);
    expectStatus(res, 200);
    const fresh = (o: any) => ({ ...o, updated_at: anyIso() });
    expect(res.body).toEqual({
      ...project,
      courses: [
        {
          ...fresh(first),
          modules: [
            {
              ...fresh(m1),
              position: 0,
              lessons: [
                {
                  ...fresh(lesson),
                  blocks: [
                    { ...fresh(b1), position: 0 },
                    { ...fresh(b2), position: 1 },
                  ],
                },
              ],
            },
            { ...fresh(m2), position: 1, lessons: [] },
          ],
        },
        { ...fresh(second), position: 1, modules: [] },
      ],
    });
  });

  it("answers 404 for an unknown, malformed or deleted project", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api);
    expectNotFound(await me.api.get(`/projects/${NO_SUCH_ID}`));
    expectNotFound(await me.api.get("/projects/not-a-uuid"));
    expectStatus(await me.api.delete(`/projects/${project.id}`), 200);
    expectNotFound(await me.api.get(`/projects/${project.id}`));
  });
});

describe("[PROJECTS] PATCH /projects/{projectId}", () => {
  it("renames and describes a project, keeping created_at and advancing updated_at", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api, { name: "Old", description: "old" });
    const renamed = await me.api.patch(`/projects/${project.id}`, { name: "  New  " });
    expectStatus(renamed, 200);
    expect(renamed.body).toEqual({ ...project, name: "New", updated_at: anyIso() });
    expect(new Date(renamed.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(project.updated_at).getTime());
    const described = await me.api.patch(`/projects/${project.id}`, { description: "" });
    expectStatus(described, 200);
    expect(described.body).toEqual({ ...project, name: "New", description: "", updated_at: anyIso() });
    const read = await me.api.get(`/projects/${project.id}`);
    expect(read.body).toMatchObject({ name: "New", description: "", created_at: project.created_at });
  });

  it("lets an author of a team workspace edit a team project", async () => {
    const owner = await newUser(server);
    const writer = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: writer, role: "author" }]);
    const project = await createProject(owner.api, { workspace_id: team.id });
    const res = await writer.api.patch(`/projects/${project.id}`, { name: "By the author" });
    expectStatus(res, 200);
    expect(res.body.name).toBe("By the author");
  });

  it("refuses an empty body, a body of unknown fields only, and names or descriptions out of bounds", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api, { name: "Keep", description: "keep" });
    expectValidation(await me.api.patch(`/projects/${project.id}`, {}));
    expectValidation(await me.api.patch(`/projects/${project.id}`, { title: "not a project field" }));
    expectValidation(await me.api.patch(`/projects/${project.id}`, { name: "" }), ["name"]);
    expectValidation(await me.api.patch(`/projects/${project.id}`, { name: "n".repeat(201) }), ["name"]);
    expectValidation(await me.api.patch(`/projects/${project.id}`, { description: "d".repeat(2001) }), ["description"]);
    const invalid = await me.api.patch(`/projects/${project.id}`, "{", { "content-type": "application/json" });
    expectStatus(invalid, 400);
    expect(invalid.body.code).toBe("invalid_json");
    expect((await me.api.get(`/projects/${project.id}`)).body).toMatchObject({ name: "Keep", description: "keep" });
    const edge = await me.api.patch(`/projects/${project.id}`, { name: "n".repeat(200), description: "d".repeat(2000) });
    expectStatus(edge, 200);
    expect(edge.body).toMatchObject({ name: "n".repeat(200), description: "d".repeat(2000) });
  });

  it("answers 404 for an unknown, malformed or deleted project", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api);
    expectNotFound(await me.api.patch(`/projects/${NO_SUCH_ID}`, { name: "x" }));
    expectNotFound(await me.api.patch("/projects/123", { name: "x" }));
    await me.api.delete(`/projects/${project.id}`);
    expectNotFound(await me.api.patch(`/projects/${project.id}`, { name: "x" }));
  });
});

describe("[PROJECTS] DELETE /projects/{projectId}", () => {
  it("hides the project and everything in it, and lists it among the deleted projects", async () => {
    const me = await newUser(server);
    const { project, course, module, lesson, block } = await createTree(me.api, { name: "Doomed" });
    const res = await me.api.delete(`/projects/${project.id}`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ success: true, id: project.id });

    expectNotFound(await me.api.get(`/projects/${project.id}`));
    expect((await me.api.get("/projects")).body.projects).toEqual([]);
    expectNotFound(await me.api.get(`/courses/${course.id}`));
    expectNotFound(await me.api.get(`/modules/${module.id}`));
    expectNotFound(await me.api.get(`/lessons/${lesson.id}`));
    expectNotFound(await me.api.get(`/blocks/${block.id}`));
    expectNotFound(await me.api.get(`/projects/${project.id}/courses`));

    const deleted = await me.api.get("/projects/deleted");
    expectStatus(deleted, 200);
    expect(deleted.body).toEqual({
      projects: [
        {
          id: project.id,
          name: "Doomed",
          workspace: { id: me.personalWorkspace.id, name: me.personalWorkspace.name, kind: "personal" },
          deleted_at: anyIso(),
          deleted_by_name: me.user.name,
        },
      ],
    });
    expectRecent(deleted.body.projects[0].deleted_at);
    expectNotFound(await me.api.delete(`/projects/${project.id}`));
  });

  it("answers 404 to an author of a team workspace (only admins delete projects) and keeps the project", async () => {
    const owner = await newUser(server);
    const writer = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: writer, role: "author" }]);
    const project = await createProject(writer.api, { workspace_id: team.id });
    expectNotFound(await writer.api.delete(`/projects/${project.id}`));
    expectStatus(await owner.api.get(`/projects/${project.id}`), 200);
    expect((await owner.api.get("/projects/deleted")).body.projects).toEqual([]);
  });

  it("answers 404 for an unknown or malformed project", async () => {
    const me = await newUser(server);
    expectNotFound(await me.api.delete(`/projects/${NO_SUCH_ID}`));
    expectNotFound(await me.api.delete("/projects/nope"));
  });
});

describe("[PROJECTS] GET /projects/deleted", () => {
  it("lists deleted projects newest first, only from workspaces the caller administers", async () => {
    const me = await newUser(server);
    const owner = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: me, role: "author" }], "Owned elsewhere");
    const older = await createProject(me.api, { name: "Older", workspace_id: me.personalWorkspace.id });
    const newer = await createProject(me.api, { name: "Newer", workspace_id: me.personalWorkspace.id });
    const notAdmin = await createProject(me.api, { name: "Team", workspace_id: team.id });
    expectStatus(await me.api.delete(`/projects/${older.id}`), 200);
    expectStatus(await me.api.delete(`/projects/${newer.id}`), 200);
    await deletedInOrder([older.id, newer.id]);
    expectStatus(await owner.api.delete(`/projects/${notAdmin.id}`), 200);

    const res = await me.api.get("/projects/deleted");
    expectStatus(res, 200);
    expect(res.body.projects.map((p: { name: string }) => p.name)).toEqual(["Newer", "Older"]);
    expect(new Date(res.body.projects[0].deleted_at).getTime()).toBeGreaterThan(new Date(res.body.projects[1].deleted_at).getTime());
    const ownerView = await owner.api.get("/projects/deleted");
    expect(ownerView.body.projects).toEqual([
      {
        id: notAdmin.id,
        name: "Team",
        workspace: { id: team.id, name: "Owned elsewhere", kind: "team" },
        deleted_at: anyIso(),
        deleted_by_name: owner.user.name,
      },
    ]);
  });

  it("does not list a project once it has been restored", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api);
    await me.api.delete(`/projects/${project.id}`);
    expectStatus(await me.api.post(`/projects/${project.id}/restore`), 200);
    expect((await me.api.get("/projects/deleted")).body).toEqual({ projects: [] });
  });
});

describe("[PROJECTS] POST /projects/{projectId}/restore", () => {
  it("restores a deleted project with everything deleted along with it", async () => {
    const me = await newUser(server);
    const { project, course, module, lesson, block } = await createTree(me.api, { name: "Back again" });
    const before = (await me.api.get(`/projects/${project.id}`)).body;
    await me.api.delete(`/projects/${project.id}`);

    const res = await me.api.post(`/projects/${project.id}/restore`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...project, courses: null, updated_at: anyIso() });
    const after = await me.api.get(`/projects/${project.id}`);
    expectStatus(after, 200);
    expect(after.body).toEqual({ ...before, updated_at: anyIso() });
    for (const path of [`/courses/${course.id}`, `/modules/${module.id}`, `/lessons/${lesson.id}`, `/blocks/${block.id}`]) {
      expectStatus(await me.api.get(path), 200);
    }
    expect((await me.api.get("/projects")).body.projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });

  it("leaves in the trash what was deleted on its own before the project", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api);
    const kept = await createCourse(me.api, project.id, { title: "Kept" });
    const trashed = await createCourse(me.api, project.id, { title: "Trashed earlier" });
    expectStatus(await me.api.delete(`/courses/${trashed.id}`), 200);
    await me.api.delete(`/projects/${project.id}`);
    expectStatus(await me.api.post(`/projects/${project.id}/restore`, {}), 200);
    const tree = await me.api.get(`/projects/${project.id}`);
    expect(tree.body.courses.map((c: { id: string }) => c.id)).toEqual([kept.id]);
    expectNotFound(await me.api.get(`/courses/${trashed.id}`));
  });

  it("answers 404 for a project that is not deleted, unknown, malformed, or already restored", async () => {
    const me = await newUser(server);
    const project = await createProject(me.api);
    expectNotFound(await me.api.post(`/projects/${project.id}/restore`));
    expectNotFound(await me.api.post(`/projects/${NO_SUCH_ID}/restore`));
    expectNotFound(await me.api.post("/projects/xyz/restore"));
    await me.api.delete(`/projects/${project.id}`);
    expectStatus(await me.api.post(`/projects/${project.id}/restore`), 200);
    expectNotFound(await me.api.post(`/projects/${project.id}/restore`));
  });

  it("answers 404 to an author of the team workspace and leaves the project deleted", async () => {
    const owner = await newUser(server);
    const writer = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: writer, role: "author" }]);
    const project = await createProject(owner.api, { workspace_id: team.id });
    await owner.api.delete(`/projects/${project.id}`);
    expectNotFound(await writer.api.post(`/projects/${project.id}/restore`));
    expect((await owner.api.get("/projects/deleted")).body.projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });
});
