/**
 * Who sees what on a workspace's members list (issue 12, 11): admins and authors see members' names
 * and emails; a learner sees names only, and their own email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../api-client";
import { seedTeam } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type MemberRow = { user_id: string; name: string; email?: string; role: string; is_you: boolean };

describe("[MEMBERS] GET /workspaces/{workspaceId}/members", () => {
  it("[MEMBERS] admins and authors see every member's email; a learner sees names only, and their own email", async () => {
    const team = await seedTeam(server);
    const list = async (key: string) => {
      const res = await apiClient(server.url, key).get(`/api/workspaces/${team.workspace.id}/members`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.members as MemberRow[];
    };
    const everyone = [team.admin, team.author, team.learner];
    for (const viewer of [team.admin, team.author]) {
      const members = await list(viewer.key);
      expect(members.map((m) => m.email).sort()).toEqual(everyone.map((m) => m.user.email).sort());
    }

    const seenByLearner = await list(team.learner.key);
    expect(seenByLearner.map((m) => m.name).sort()).toEqual(everyone.map((m) => m.user.name).sort());
    for (const m of seenByLearner) {
      if (m.user_id === team.learner.user.id) expect(m.email).toBe(team.learner.user.email);
      else expect(m).not.toHaveProperty("email");
    }
    const text = JSON.stringify(seenByLearner);
    expect(text).not.toContain(team.admin.user.email);
    expect(text).not.toContain(team.author.user.email);
  });
});
