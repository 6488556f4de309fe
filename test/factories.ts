import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { createUser } from "@/lib/accounts/create-user";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { createTeamWorkspace, setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";

/** A new user with a personal workspace and an API key; every call makes a different one. */
export async function seedUser(overrides: { name?: string; email?: string; password?: string } = {}) {
  const db = await getDb();
  const suffix = randomBytes(4).toString("hex");
  const password = overrides.password ?? `password-${suffix}`;
  const { user, workspace } = await createUser(db, {
    email: overrides.email ?? `user-${suffix}@example.test`,
    password,
    name: overrides.name ?? `User ${suffix}`,
  });
  const apiKey = await createApiKey(db, { userId: user.id, name: "test key" });
  return { user, password, personalWorkspace: workspace, key: apiKey.key, apiKeyId: apiKey.id };
}

/** A team workspace whose admin, author and learner are three new users. */
export async function seedTeam(name = "Team") {
  const [admin, author, learner] = await Promise.all([seedUser(), seedUser(), seedUser()]);
  const db = await getDb();
  const workspace = await createTeamWorkspace(db, { name, ownerUserId: admin.user.id });
  await setWorkspaceMember(db, { workspaceId: workspace.id, userId: author.user.id, role: "author" });
  await setWorkspaceMember(db, { workspaceId: workspace.id, userId: learner.user.id, role: "learner" });
  return { workspace, admin, author, learner };
}
