/**
 * Where a user starts after signing in without a destination (issue 13, 1): Learn for someone who
 * only takes courses, the authoring home for anyone who makes something.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { homePathFor } from "@/lib/workspaces/home-path";
import { createTeamWorkspace, setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";
import { seedUser } from "../factories";

async function teamWith(userId: string, role: "admin" | "author" | "learner") {
  const db = await getDb();
  const owner = await seedUser();
  const team = await createTeamWorkspace(db, { name: "Team", ownerUserId: owner.user.id });
  await setWorkspaceMember(db, { workspaceId: team.id, userId, role });
  return team;
}

describe("[WORKSPACES] homePathFor", () => {
  it("[WORKSPACES] a learner in every team workspace, with nothing of their own, starts in Learn", async () => {
    const { user } = await seedUser();
    await teamWith(user.id, "learner");
    await teamWith(user.id, "learner");
    expect(await homePathFor(await getDb(), user.id)).toBe("/learn");
  });

  it("[WORKSPACES] someone in no team workspace starts on the authoring home", async () => {
    const { user } = await seedUser();
    expect(await homePathFor(await getDb(), user.id)).toBe("/");
  });

  it.each(["author", "admin"] as const)(
    "[WORKSPACES] a learner who is also %s in another team starts on the authoring home",
    async (role) => {
      const { user } = await seedUser();
      await teamWith(user.id, "learner");
      await teamWith(user.id, role);
      expect(await homePathFor(await getDb(), user.id)).toBe("/");
    },
  );

  it("[WORKSPACES] a learner with a project of their own starts on the authoring home, and in Learn once it is deleted", async () => {
    const db = await getDb();
    const { user, personalWorkspace } = await seedUser();
    await teamWith(user.id, "learner");
    const project = await db.project.create({ data: { name: "Mine", workspaceId: personalWorkspace.id } });
    expect(await homePathFor(db, user.id)).toBe("/");
    await db.project.update({ where: { id: project.id }, data: { deletedAt: new Date() } });
    expect(await homePathFor(db, user.id)).toBe("/learn");
  });
});
