import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { createUser } from "@/lib/accounts/create-user";
import { createApiKey } from "@/lib/authoring/api-keys/api-keys";

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
