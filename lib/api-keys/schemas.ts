import { z } from "zod";
import { DateTime } from "@/lib/api/schemas";

export const ApiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    key_prefix: z.string().describe("The first 12 characters of the key, to recognise it"),
    scope: z
      .enum(["full", "suggest"])
      .describe(
        "full: acts as its user in everything; suggest: reads, comments and suggests changes, every other write answers 403 forbidden_scope",
      ),
    last_used_at: DateTime.nullable().describe("Updated at most about once a minute"),
    created_at: DateTime,
  })
  .meta({ id: "ApiKey" });

export const ApiKeyList = z.object({ api_keys: z.array(ApiKey) });

export const CreateApiKeyRequest = z
  .object({
    name: z.string().trim().min(1).max(200),
    scope: z
      .enum(["full", "suggest"])
      .optional()
      .describe("full (the default), or suggest: for an agent whose changes a person accepts first"),
  })
  .meta({ id: "CreateApiKeyRequest" });

export const CreateApiKeyResponse = ApiKey.extend({
  key: z.string().describe("The whole key. Shown once: only its SHA-256 digest is stored."),
  warning: z.string(),
}).meta({ id: "CreateApiKeyResponse" });

export const ApiKeyParams = z.object({ keyId: z.uuid() });

export type ApiKeyDto = z.infer<typeof ApiKey>;
