/**
 * Another user's key on every endpoint of every service (STYLE.md: "user B's key touches user A's
 * resource"). The list of calls is the endpoint registry itself: a new endpoint is covered the
 * day it is declared, and one the fixture cannot fill fails here until it can.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { getDb } from "@/lib/db/client";
import { pdfBytes, pngBytes } from "@/lib/files/test-images";
import { addCompanyMember, createCompany } from "@/lib/proposals/companies/companies";
import { createRfp } from "@/lib/proposals/rfps/rfps";
import { createContact } from "@/lib/proposals/contacts/contacts";
import { apiClient, type ApiResponse } from "../api-client";
import {
  createCategory,
  createFamily,
  createProject,
  createQuestion,
  createQuiz,
  createTree,
  newUser,
  questionOfKind,
  type Api,
} from "../factories";
import { authoringSampleBodies } from "../authoring-samples";
import { startTestServer, type TestServer } from "../http-server";
import { postMultipart, type FormFields } from "../multipart";
import { callEndpoint, expectServiceError, fillPath, SERVICES, type ServiceUnderTest } from "../services";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What one service needs to aim every endpoint at the owner's resources. */
type Fixture = {
  stranger: Api;
  /** Path ids of the owner's resources, by parameter name; per operation where one needs another. */
  ids: Record<string, string | number>;
  idsFor?: Record<string, Record<string, string | number>>;
  /** A body each write would accept from the owner: the refusal must come from who asks, not from the body. */
  bodies: Record<string, unknown>;
  queries?: Record<string, string>;
  /** Everything the owner can see, read by the owner: must not change. */
  snapshot: () => Promise<unknown>;
  /** The stranger is refused as the service's contract says. */
  expectRefused: (res: ApiResponse, endpoint: AnyEndpoint) => void;
  /** Values of the owner's that must appear in no answer to the stranger. */
  secrets: string[];
};

const FIXTURES: Record<string, () => Promise<Fixture>> = {
  authoring: async () => {
    const owner = await newUser(server);
    const stranger = await newUser(server);
    const tree = await createTree(owner.api);
    const deleted = await createProject(owner.api, { name: "Deleted one" });
    expect((await owner.api.delete(`/projects/${deleted.id}`)).status).toBe(200);
    const projectId = tree.project.id;
    const category = await createCategory(owner.api, projectId);
    const family = await createFamily(owner.api, projectId);
    const question = await createQuestion(owner.api, projectId, questionOfKind(category.id));
    const quiz = await createQuiz(owner.api, projectId, [question.id]);
    const ids = {
      projectId,
      courseId: tree.course.id,
      moduleId: tree.module.id,
      lessonId: tree.lesson.id,
      blockId: tree.block.id,
      categoryId: category.id,
      familyId: family.id,
      questionId: question.id,
      quizId: quiz.id,
      keyId: owner.apiKeyId,
    };
    const read = async (path: string) => (await owner.api.get(path)).body;
    return {
      stranger: stranger.api,
      ids,
      idsFor: { restore_project: { projectId: deleted.id } },
      bodies: authoringSampleBodies({
        workspaceId: owner.personalWorkspace.id,
        courseId: tree.course.id,
        categoryId: category.id,
        question,
      }),
      snapshot: async () => ({
        project: await read(`/projects/${projectId}`),
        deleted: await read("/projects/deleted"),
        categories: await read(`/projects/${projectId}/categories`),
        families: await read(`/question-families/${family.id}`),
        questions: await read(`/projects/${projectId}/questions`),
        quiz: await read(`/quizzes/${quiz.id}`),
        trash: await read(`/projects/${projectId}/trash`),
        keys: await read("/api-keys"),
      }),
      expectRefused: (res) => {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: expect.any(String), code: "not_found" });
      },
      secrets: [...Object.values(ids).map(String), deleted.id, owner.personalWorkspace.id, owner.user.email],
    };
  },

  proposals: async () => {
    const db = await getDb();
    const owner = await newUser(server);
    const stranger = await newUser(server);
    const company = await createCompany(db, { name: `Owner's company ${owner.user.id.slice(0, 6)}`, ownerUserId: owner.user.id });
    // The stranger has a company of their own: membership somewhere is not membership everywhere.
    const own = await createCompany(db, { name: "Stranger's company", ownerUserId: stranger.user.id });
    await addCompanyMember(db, { companyId: own.id, userId: stranger.user.id });
    const ownerApi = apiClient(`${server.url}/api/proposals`, owner.key);
    const tag = owner.user.id.slice(0, 6);
    const contact = await createContact(db, { companyId: company.id, firstName: "Owner's", email: `customer-${tag}@owner.example` });
    const rfp = await createRfp(db, { companyId: company.id, title: `Owner's RFP ${tag}` });
    // The content library and the files: an item with an uploaded image, a library attachment.
    const upload = (path: string, fields: FormFields) => postMultipart(`${server.url}/api/proposals${path}`, owner.key, fields);
    const image = (await upload("/v3/images", { file: { bytes: pngBytes(2, 2), filename: "owner.png" }, company_id: String(company.id) }))
      .body.data;
    const itemTitle = `Owner's item ${tag}`;
    const item = (
      await ownerApi.post("/v3/content", { company_id: company.id, language: "en", title: itemTitle, images: [{ uuid: image.uuid }] })
    ).body.data;
    const attachmentName = `owner-terms-${tag}.pdf`;
    await upload("/v1/attachments", { file: { bytes: pdfBytes(), filename: attachmentName }, company_id: String(company.id) });
    // A draft with a recipient: every proposal action would succeed for the owner, so only who asks can refuse it.
    const proposalTitle = `Owner's proposal ${tag}`;
    const created = await ownerApi.post("/v3/proposals", {
      company_id: company.id,
      language: "en",
      title_md: proposalTitle,
      recipient: { id: contact.id },
      data: { secret: `owner-data-${tag}` },
      blocks: [{ content_id: item.variation_id }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const proposalUuid: string = created.body.proposal.uuid;
    const blockUuid: string = (await ownerApi.get(`/v3/proposals/${proposalUuid}`)).body.data.blocks[0].uuid;
    return {
      stranger: apiClient(`${server.url}/api/proposals`, stranger.key),
      ids: { companyId: company.id, contactId: contact.id, uuid: proposalUuid, blockUuid },
      bodies: {
        // A company of the stranger's own: it touches nothing of the owner's.
        create_company: { name: "Intruder's company" },
        create_contact: { company_id: company.id, first_name: "Intruder" },
        update_contact: { first_name: "Taken over" },
        create_content: { company_id: company.id, language: "en", title: "Intruder", images: [{ uuid: image.uuid }] },
        update_content: { product_id: item.product_id, language: "en", title: "Taken over" },
        restore_content: { product_ids: [item.product_id], variation_ids: [item.variation_id] },
        // JSON where multipart is expected: refused whoever asks, and it must not show or change anything either.
        upload_image: { company_id: company.id },
        upload_attachment: { company_id: company.id },
        create_proposal: { company_id: company.id, language: "en", title_md: "Intruder", recipient: { id: contact.id } },
        update_proposal: { company_id: company.id, title_md: "Taken over" },
        create_proposal_version: { company_id: company.id, language: "en", title_md: "Taken over" },
        update_proposal_data: { data: { secret: "taken over" } },
        edit_proposal_block: { title: "Taken over", quantity: 3 },
        send_proposal: { expires_at: Math.floor(Date.now() / 1000) + 86_400 },
      },
      queries: {
        list_contacts: `company_id=${company.id}&include_archived=true`,
        list_rfps: `company_id=${company.id}`,
        list_content: `company_id=${company.id}&product_id=${item.product_id}&include_archived=true&include_sources=true`,
        delete_content: `product_id=${item.product_id}`,
        list_attachments: `company_id=${company.id}`,
        list_proposals: `company_id=${company.id}&include_archived=true&q=${encodeURIComponent(proposalTitle)}`,
      },
      snapshot: async () => ({
        companies: (await ownerApi.get("/v3/companies")).body,
        contacts: (await ownerApi.get("/v3/contacts?include_archived=true")).body,
        rfps: (await ownerApi.get("/v3/rfps")).body,
        content: (await ownerApi.get(`/v3/content?product_id=${item.product_id}&include_archived=true&include_sources=true`)).body,
        attachments: (await ownerApi.get("/v1/attachments")).body,
        proposals: (await ownerApi.get("/v3/proposals?include_archived=true")).body,
      }),
      // contract.md: reading another company's proposal is 404, changing it (PATCH, new version, actions) is 401.
      expectRefused: (res, endpoint) => {
        const changesProposal = endpoint.path.startsWith("/v3/proposals/{uuid}") && endpoint.method !== "GET";
        const code = changesProposal ? "UNAUTHORIZED" : "NOT_FOUND";
        expect(res.status).toBe(changesProposal ? 401 : 404);
        expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
      },
      secrets: [company.name, contact.email, rfp.title, itemTitle, image.uuid, attachmentName, proposalTitle, `owner-data-${tag}`],
    };
  },
};

async function strangerVisitsEverything({ service, endpoints }: ServiceUnderTest) {
  const fixture = await FIXTURES[service.name]();
  const before = await fixture.snapshot();
  // Deletions last, so that a wrongly accepted one cannot hide the others.
  const ordered = [...endpoints].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  for (const endpoint of ordered) {
    const label = `${endpoint.method} ${endpoint.path} (${endpoint.operationId})`;
    if (endpoint.body && !endpoint.bodyOptional && !(endpoint.operationId in fixture.bodies)) {
      throw new Error(`${label}: add a body the owner would be allowed to send to the ${service.name} fixture`);
    }
    const path = fillPath(endpoint.path, { ...fixture.ids, ...fixture.idsFor?.[endpoint.operationId] });
    const query = fixture.queries?.[endpoint.operationId];
    const res = await callEndpoint(fixture.stranger, endpoint, query ? `${path}?${query}` : path, fixture.bodies[endpoint.operationId]);
    const text = JSON.stringify(res.body);
    for (const secret of fixture.secrets) expect(text, `${label} shows the owner's ${secret}`).not.toContain(secret);
    const namesOwnersResource = endpoint.path.includes("{") || endpoint.operationId === "create_project";
    if (namesOwnersResource) {
      try {
        fixture.expectRefused(res, endpoint);
      } catch (error) {
        throw new Error(`${label} answered ${res.status} ${text}: ${(error as Error).message}`);
      }
    } else {
      expect(res.status, `${label}: ${text}`).toBeLessThan(500);
    }
  }
  expect(await fixture.snapshot()).toEqual(before);
}

/** Ids of the service's own shape that name nothing: every endpoint naming one answers 404. */
async function ghostIdsEverywhere({ service, endpoints }: ServiceUnderTest) {
  const fixture = await FIXTURES[service.name]();
  const ghost = (value: string | number) => (typeof value === "number" ? 2147483000 : "00000000-0000-4000-8000-00000000dead");
  const ids = Object.fromEntries(Object.entries(fixture.ids).map(([name, value]) => [name, ghost(value)]));
  for (const endpoint of endpoints.filter((e) => e.path.includes("{"))) {
    const path = fillPath(endpoint.path, ids);
    const res = await callEndpoint(fixture.stranger, endpoint, path, fixture.bodies[endpoint.operationId]);
    expectServiceError(service, res, "not_found", `${endpoint.method} ${path} (${endpoint.operationId})`);
  }
}

describe("[STRANGER] another user's key on every endpoint", () => {
  for (const entry of SERVICES) {
    it(`${entry.service.name}: every endpoint naming the owner's resources refuses, none shows them, nothing changes`, async () => {
      await strangerVisitsEverything(entry);
    });

    it(`${entry.service.name}: every endpoint naming a well-formed id that names nothing answers 404`, async () => {
      await ghostIdsEverywhere(entry);
    });
  }
});
