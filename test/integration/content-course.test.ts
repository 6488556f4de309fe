/**
 * A content item that delivers a course (issue 43, docs/decisions/068): PATCH /v3/content/{productId}
 * with {course_id} links it to a published course of the workspace the company sells, by someone who
 * may author that course; null unlinks. The item answers course_id everywhere it is read. Any other
 * course is 400 naming course_id and changes nothing; another company's item is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { NO_SUCH_ID } from "../expect";
import { authoringClient, createCourse, createProject, seedUser, teamWorkspace } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  expectProposalsError,
  issuePaths,
  joinCompany,
  proposalsClient,
  readProposal,
  seedCompanyMember,
  seedPricedItem,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An owner whose company sells the courses of a team workspace they administer, with a published course and a draft in it. */
async function seller() {
  const owner = await seedCompanyMember(server);
  const workspace = await teamWorkspace(owner, [], "Fire Safety Academy");
  const authoring = authoringClient(server, owner.key);
  const project = await createProject(authoring, { name: "Courses", workspace_id: workspace.id });
  const course = await createCourse(authoring, project.id, { title: "Fire safety basics" });
  expect((await authoring.post(`/courses/${course.id}/publish`)).status).toBe(200);
  const draft = await createCourse(authoring, project.id, { title: "Evacuation (draft)" });
  await owner.api.put(`/v3/companies/${owner.company.id}/workspace`, { workspace_id: workspace.id });
  const item = await seedPricedItem({ companyId: owner.company.id, title: { en: "Fire safety, per seat" } });
  return { owner, workspace, authoring, project, course, draft, item };
}

const storedCourse = async (productId: number) =>
  (await (await getDb()).product.findUniqueOrThrow({ where: { id: productId }, select: { courseId: true } })).courseId;

describe("[CONTENT COURSE] PATCH /v3/content/{productId}", () => {
  it("links an item to a published course of the company's workspace, shows it in the list, and null unlinks it", async () => {
    const { owner, course, item } = await seller();
    const res = await owner.api.patch(`/v3/content/${item.productId}`, { course_id: course.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ product_id: item.productId, variation_id: item.variationId, course_id: course.id });
    const listed = await owner.api.get(`/v3/content?company_id=${owner.company.id}`);
    expect(listed.body.data.find((i: { product_id: number }) => i.product_id === item.productId).course_id).toBe(course.id);

    const unlinked = await owner.api.patch(`/v3/content/${item.productId}`, { course_id: null });
    expect(unlinked.body.data.course_id).toBeNull();
    expect(await storedCourse(item.productId)).toBeNull();
  });

  it("a draft, a course of another workspace, an unknown or trashed one, or a company selling none is 400 naming course_id", async () => {
    const { owner, authoring, project, course, draft, item } = await seller();
    await owner.api.patch(`/v3/content/${item.productId}`, { course_id: course.id });
    const elsewhere = await createProject(authoring, { name: "Personal", workspace_id: owner.personalWorkspace.id });
    const foreign = await createCourse(authoring, elsewhere.id, { title: "Elsewhere" });
    await authoring.post(`/courses/${foreign.id}/publish`);
    const trashed = await createCourse(authoring, project.id, { title: "Gone" });
    await authoring.post(`/courses/${trashed.id}/publish`);
    expect((await authoring.delete(`/courses/${trashed.id}`)).status).toBe(200);

    for (const courseId of [draft.id, foreign.id, NO_SUCH_ID, trashed.id]) {
      const refused = await owner.api.patch(`/v3/content/${item.productId}`, { course_id: courseId });
      expectProposalsError(refused, 400, "VALIDATION_ERROR");
      expect(issuePaths(refused)).toEqual(["course_id"]);
    }
    for (const body of [{ course_id: "not-a-uuid" }, {}, { course_id: course.id, title: "x" }]) {
      expectProposalsError(await owner.api.patch(`/v3/content/${item.productId}`, body), 400, "VALIDATION_ERROR");
    }
    expect(await storedCourse(item.productId)).toBe(course.id);

    // Untied from its workspace, the company sells no courses: a link is refused, and says why.
    await owner.api.put(`/v3/companies/${owner.company.id}/workspace`, { workspace_id: null });
    const untied = await owner.api.patch(`/v3/content/${item.productId}`, { course_id: course.id });
    expectProposalsError(untied, 400, "VALIDATION_ERROR");
    expect(untied.body.error.issues[0].message).toMatch(/sells no workspace's courses/);
  });

  it("a member who may not author the course (a learner of the workspace, or outside it) is refused; an author may link it", async () => {
    const { owner, workspace, course, item } = await seller();
    const [learner, outsider, author] = [await seedUser(), await seedUser(), await seedUser()];
    const db = await getDb();
    await db.membership.create({ data: { workspaceId: workspace.id, userId: learner.user.id, role: "learner" } });
    await db.membership.create({ data: { workspaceId: workspace.id, userId: author.user.id, role: "author" } });
    for (const person of [learner, outsider]) {
      await joinCompany(person, owner.company.id);
      const refused = await proposalsClient(server, person.key).patch(`/v3/content/${item.productId}`, { course_id: course.id });
      expectProposalsError(refused, 400, "VALIDATION_ERROR");
      expect(issuePaths(refused)).toEqual(["course_id"]);
    }
    expect(await storedCourse(item.productId)).toBeNull();
    await joinCompany(author, owner.company.id);
    const linked = await proposalsClient(server, author.key).patch(`/v3/content/${item.productId}`, { course_id: course.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });

  it("another company's owner and an unknown or malformed id find no item (404)", async () => {
    const { owner, course, item } = await seller();
    const other = await seedCompanyMember(server);
    expectProposalsError(await other.api.patch(`/v3/content/${item.productId}`, { course_id: null }), 404, "NOT_FOUND");
    expectProposalsError(await owner.api.patch(`/v3/content/999999999`, { course_id: course.id }), 404, "NOT_FOUND");
    expect((await owner.api.patch(`/v3/content/abc`, { course_id: course.id })).status).toBe(404);
    expect(await storedCourse(item.productId)).toBeNull();
  });
});

describe("[CONTENT COURSE] GET /v3/companies/{companyId}/courses", () => {
  it("lists the published, untrashed courses of the company's workspace to one who authors there; others get none", async () => {
    const { owner, workspace, authoring, project, course } = await seller();
    const second = await createCourse(authoring, project.id, { title: "Another course" });
    await authoring.post(`/courses/${second.id}/publish`);
    const trashed = await createCourse(authoring, project.id, { title: "Gone" });
    await authoring.post(`/courses/${trashed.id}/publish`);
    await authoring.delete(`/courses/${trashed.id}`);
    const listed = await owner.api.get(`/v3/companies/${owner.company.id}/courses`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toEqual([
      { id: course.id, title: "Fire safety basics", project: "Courses" },
      { id: second.id, title: "Another course", project: "Courses" },
    ]);
    // A member of the company who is a learner of the workspace, or outside it, may link none.
    const learner = await seedUser();
    await (await getDb()).membership.create({ data: { workspaceId: workspace.id, userId: learner.user.id, role: "learner" } });
    await joinCompany(learner, owner.company.id);
    expect((await proposalsClient(server, learner.key).get(`/v3/companies/${owner.company.id}/courses`)).body.data).toEqual([]);
    // Another company's owner finds no company; a company that sells no workspace lists none.
    const other = await seedCompanyMember(server);
    expectProposalsError(await other.api.get(`/v3/companies/${owner.company.id}/courses`), 404, "NOT_FOUND");
    expect((await other.api.get(`/v3/companies/${other.company.id}/courses`)).body.data).toEqual([]);
  });
});

describe("[CONTENT COURSE] a proposal's blocks name the course they deliver", () => {
  it("a block of a linked item carries course {id, title}; others none; the link is followed when the item is named again", async () => {
    const { owner, authoring, course, item } = await seller();
    const plain = await seedPricedItem({ companyId: owner.company.id });
    await owner.api.patch(`/v3/content/${item.productId}`, { course_id: course.id });
    const uuid = await createDraft(owner, {
      blocks: [
        { content_id: item.variationId, quantity: 3 },
        { content_id: plain.variationId, quantity: 1 },
      ],
    });
    const [seats, other] = (await readProposal(owner.api, uuid)).blocks;
    expect(seats).toMatchObject({ content_id: item.variationId, quantity: 3, course: { id: course.id, title: "Fire safety basics" } });
    expect(other).not.toHaveProperty("course");

    // Unlinked in the library: the next save that names the item drops the course; the quantity stays.
    await owner.api.patch(`/v3/content/${item.productId}`, { course_id: null });
    const saved = await owner.api.patch(`/v3/proposals/${uuid}`, {
      company_id: owner.company.id,
      blocks: [
        { uuid: seats.uuid, content_id: item.variationId, quantity: 3 },
        { uuid: other.uuid, content_id: plain.variationId },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = (await readProposal(owner.api, uuid)).blocks;
    expect(after[0]).not.toHaveProperty("course");
    expect(after[0].quantity).toBe(3);

    // A course in the trash is delivered by no new block.
    await owner.api.patch(`/v3/content/${item.productId}`, { course_id: course.id });
    expect((await authoring.delete(`/courses/${course.id}`)).status).toBe(200);
    const later = await createDraft(owner, { blocks: [{ content_id: item.variationId }] });
    expect((await readProposal(owner.api, later)).blocks[0]).not.toHaveProperty("course");
  });
});
