import type { Caller } from "@/lib/api/authenticate";
import { forbidden, notFound } from "@/lib/api/errors";
import { toIso, toIsoOrNull } from "@/lib/api/schemas";
import { generateApiKey } from "@/lib/auth/api-key-secret";
import type { Tx } from "@/lib/db/client";
import type { ApiKey as ApiKeyRow } from "@/lib/generated/prisma/client";
import type { ApiKeyDto } from "./schemas";

export const toApiKeyDto = (key: ApiKeyRow): ApiKeyDto => ({
  id: key.id,
  name: key.name,
  key_prefix: key.keyPrefix,
  scope: key.scope,
  last_used_at: toIsoOrNull(key.lastUsedAt),
  created_at: toIso(key.createdAt),
});

/**
 * Keys are made by a person in the browser, never by a key: a leaked key cannot mint others that
 * outlive its revocation (issue 12, 11).
 */
export function assertMayCreateKeys(caller: Caller) {
  if (caller.via !== "session") throw forbidden("API keys are created in the browser while signed in, not with an API key");
}

export async function createApiKey(db: Tx, input: { userId: string; name: string; scope?: "full" | "suggest" }) {
  const { key, keyPrefix, keyHash } = generateApiKey();
  const row = await db.apiKey.create({
    data: { userId: input.userId, name: input.name, keyPrefix, keyHash, scope: input.scope ?? "full" },
  });
  return {
    ...toApiKeyDto(row),
    key,
    warning: "Copy this key now: it is shown only once and cannot be recovered.",
  };
}

export async function listApiKeys(db: Tx, userId: string) {
  const rows = await db.apiKey.findMany({
    where: { userId, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toApiKeyDto);
}

/** Revokes at once: the next request with the key is refused. */
export async function revokeApiKey(db: Tx, input: { userId: string; keyId: string }) {
  const { count } = await db.apiKey.updateMany({
    where: { id: input.keyId, userId: input.userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("API key");
  return { success: true, id: input.keyId };
}
