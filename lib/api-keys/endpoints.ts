import { defineEndpoint } from "@/lib/api/endpoint";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { assertMayCreateKeys, createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { ApiKeyList, ApiKeyParams, CreateApiKeyRequest, CreateApiKeyResponse } from "./schemas";

const tag = "API keys";

export const listApiKeysEndpoint = defineEndpoint({
  operationId: "list_api_keys",
  method: "GET",
  path: "/api-keys",
  tag,
  summary: "List your API keys",
  description:
    "Returns the caller's active API keys, newest first: name, prefix, created and last-used times; never the key itself. Use it to find the id revoke_api_key takes.",
  response: ApiKeyList,
  status: 200,
  run: async ({ db, caller }) => ({ api_keys: await listApiKeys(db, caller.userId) }),
});

export const createApiKeyEndpoint = defineEndpoint({
  operationId: "create_api_key",
  method: "POST",
  path: "/api-keys",
  tag,
  summary: "Create an API key",
  description:
    "Creates a key that acts as the caller. The key is in the response once and never again. " +
    "With scope `suggest` the key reads, comments and suggests block changes, which a person accepts; every other write answers it 403 `forbidden_scope`. " +
    "Only a signed-in browser session creates keys: a request made with an API key answers 403 `forbidden`, " +
    "so a key cannot mint keys that would outlive its revocation.",
  body: CreateApiKeyRequest,
  response: CreateApiKeyResponse,
  status: 201,
  errors: ["forbidden"],
  run: async ({ db, caller, body }) => {
    assertMayCreateKeys(caller);
    return createApiKey(db, { userId: caller.userId, name: body.name, scope: body.scope });
  },
});

export const revokeApiKeyEndpoint = defineEndpoint({
  operationId: "revoke_api_key",
  method: "DELETE",
  path: "/api-keys/{keyId}",
  tag,
  summary: "Revoke an API key",
  description: "Revokes one of the caller's keys; requests with it are refused from now on. Returns {success, id}.",
  params: ApiKeyParams,
  response: DeleteResult,
  status: 200,
  run: async ({ db, caller, params }) => revokeApiKey(db, { userId: caller.userId, keyId: params.keyId }),
});
