/**
 * The workspace whose courses a company sells (issue 43, docs/decisions/067):
 * GET /v3/companies/{companyId}/workspace for any member, PUT for an owner of the company who is an
 * admin of the workspace. Bad input is 400 naming workspace_id and changes nothing; a member gets
 * 403 OWNER_REQUIRED; another company's member and a stranger find no company (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { NO_SUCH_ID } from "../expect";
import { seedUser, teamWorkspace } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { expectProposalsError, issuePaths, joinCompany, proposalsClient, seedCompanyMember } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const path = (companyId: number) => `/v3/companies/${companyId}/workspace`;
const storedWorkspace = async (companyId: number) =>
  (await (await getDb()).company.findUniqueOrThrow({ where: { id: companyId }, select: { workspaceId: true } })).workspaceId;

describe("[COMPANY WORKSPACE] reading and choosing the workspace whose courses a company sells", () => {
  it("an owner who is an admin of the workspace ties the company to it, members read it, and null unties it", async () => {
    const owner = await seedCompanyMember(server);
    const workspace = await teamWorkspace(owner, [], "Fire safety academy");
    const colleague = await seedUser();
    await joinCompany(colleague, owner.company.id);
    const member = proposalsClient(server, colleague.key);

    expect((await owner.api.get(path(owner.company.id))).body).toEqual({
      data: { company_id: owner.company.id, workspace: null, can_manage: true },
    });
    const set = await owner.api.put(path(owner.company.id), { workspace_id: workspace.id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({
      data: { company_id: owner.company.id, workspace: { id: workspace.id, name: "Fire safety academy" }, can_manage: true },
    });
    expect((await member.get(path(owner.company.id))).body).toEqual({
      data: { company_id: owner.company.id, workspace: { id: workspace.id, name: "Fire safety academy" }, can_manage: false },
    });
    // The owner's personal workspace is theirs to administer too.
    const personal = await owner.api.put(path(owner.company.id), { workspace_id: owner.personalWorkspace.id });
    expect(personal.body.data.workspace.id).toBe(owner.personalWorkspace.id);

    const untied = await owner.api.put(path(owner.company.id), { workspace_id: null });
    expect(untied.body.data.workspace).toBeNull();
    expect(await storedWorkspace(owner.company.id)).toBeNull();
  });

  it("a workspace the owner is not an admin of, an unknown or malformed id, a missing field or an extra one is 400, changing nothing", async () => {
    const owner = await seedCompanyMember(server);
    const admin = await seedUser();
    const theirs = await teamWorkspace(admin, [{ user: owner, role: "author" }]);
    const strangers = await teamWorkspace(admin);
    const mine = await teamWorkspace(owner);
    await owner.api.put(path(owner.company.id), { workspace_id: mine.id });

    for (const body of [{ workspace_id: theirs.id }, { workspace_id: strangers.id }, { workspace_id: NO_SUCH_ID }]) {
      const refused = await owner.api.put(path(owner.company.id), body);
      expectProposalsError(refused, 400, "VALIDATION_ERROR");
      expect(issuePaths(refused)).toEqual(["workspace_id"]);
    }
    for (const body of [{ workspace_id: "not-a-uuid" }, {}, { workspace_id: mine.id, name: "x" }, { workspace_id: 7 }]) {
      expectProposalsError(await owner.api.put(path(owner.company.id), body), 400, "VALIDATION_ERROR");
    }
    expect(await storedWorkspace(owner.company.id)).toBe(mine.id);
  });

  it("a member who is not an owner gets 403 OWNER_REQUIRED, even as the workspace's admin; nothing changes", async () => {
    const owner = await seedCompanyMember(server);
    const colleague = await seedUser();
    await joinCompany(colleague, owner.company.id);
    const theirs = await teamWorkspace(colleague);
    const refused = await proposalsClient(server, colleague.key).put(path(owner.company.id), { workspace_id: theirs.id });
    expectProposalsError(refused, 403, "OWNER_REQUIRED");
    expect(await storedWorkspace(owner.company.id)).toBeNull();
  });

  it("another company's owner and a stranger find no company on either method (404)", async () => {
    const owner = await seedCompanyMember(server);
    const other = await seedCompanyMember(server);
    const otherWorkspace = await teamWorkspace(other);
    for (const api of [other.api, proposalsClient(server, (await seedUser()).key)]) {
      expectProposalsError(await api.get(path(owner.company.id)), 404, "NOT_FOUND");
      expectProposalsError(await api.put(path(owner.company.id), { workspace_id: otherWorkspace.id }), 404, "NOT_FOUND");
    }
    expect(await storedWorkspace(owner.company.id)).toBeNull();
  });
});
