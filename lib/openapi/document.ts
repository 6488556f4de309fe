import { z } from "zod";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { errorsByStatus, type Service } from "@/lib/api/service";

type JsonSchema = Record<string, unknown>;

const SAFE_INT = 9007199254740991;

/** Trims what zod adds for validation but readers of a reference do not need. */
function tidy(node: unknown, io: "input" | "output"): unknown {
  if (Array.isArray(node)) return node.map((n) => tidy(n, io));
  if (!node || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    if (key === "pattern" && "format" in node) continue;
    if ((key === "minimum" && value === -SAFE_INT) || (key === "maximum" && value === SAFE_INT)) continue;
    // Responses may gain fields (the interface only grows): clients must ignore unknown ones.
    if (key === "additionalProperties" && value === false && io === "output") continue;
    if (key === "$ref" && typeof value === "string") {
      out[key] = value.replace("#/$defs/", "#/components/schemas/");
      continue;
    }
    out[key] = tidy(value, io);
  }
  return out;
}

export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) this.components[id] ??= tidy(def, io) as JsonSchema;
    return tidy(json, io) as JsonSchema;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid request: the body, query or a rule",
  401: "Missing or invalid API key",
  403: "Not allowed for your role",
  404: "Not found, or not yours",
  409: "Conflict with the current state",
  413: "Request body too large",
  500: "Internal error (with a request id)",
  503: "The service is not available (database not ready)",
};

/** Updates that accept If-Match (lib/api/endpoint.ts, IfMatch; docs/decisions/011-optimistic-concurrency.md). */
const ifMatchParameter = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    "The item's updated_at as you last read it (bare or in double quotes; `*` checks nothing). If the item has changed " +
    "since, nothing is written and the answer is 409 with the item as it is now. Without it, the update applies as always.",
  schema: { type: "string", examples: ["2026-01-31T12:00:00.000Z"] },
};

const CONFLICT_TEXT = (code: string) =>
  `. ${code} (409): the item changed since the version If-Match names; nothing was written, and details.current is the item now`;

/** The error shape with `details.current`: the item as this operation's success answer describes it. */
const withCurrentItem = (errorRef: JsonSchema, item: JsonSchema): JsonSchema => ({
  allOf: [
    errorRef,
    {
      type: "object",
      properties: {
        details: { type: "object", properties: { current: { ...item, description: "The item as it is now" } }, required: ["current"] },
      },
    },
  ],
});

const BODY_MEDIA_TYPE = { json: "application/json", multipart: "multipart/form-data" } as const;

/** An OpenAPI 3.1 document derived from the endpoint definitions the handlers run, errors included. */
export function buildOpenApi(service: Service, endpoints: AnyEndpoint[]) {
  const info = service.openapi;
  const schemas = new SchemaCollector();
  const errorRef = schemas.toSchema(service.errorSchema, "output");
  const paths: Record<string, Record<string, unknown>> = {};
  for (const ep of endpoints) {
    const parameters: unknown[] = [];
    for (const [location, schema] of [
      ["path", ep.params],
      ["query", ep.query],
    ] as const) {
      if (!schema) continue;
      const json = schemas.toSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        const { description, ...rest } = prop;
        parameters.push({
          name,
          in: location,
          required: location === "path" || (json.required ?? []).includes(name),
          ...(description ? { description } : {}),
          schema: rest,
        });
      }
    }
    const responseSchema = schemas.toSchema(ep.response, "output");
    // A file is its bytes; the response schema then only describes them in words.
    const success = ep.produces
      ? {
          [ep.produces]: {
            schema: {
              type: "string",
              format: "binary",
              ...(responseSchema.description ? { description: responseSchema.description } : {}),
            },
          },
        }
      : {
          "application/json": { schema: responseSchema },
          // A table endpoint also answers CSV (?format=csv or Accept: text/csv): lib/api/csv.ts.
          ...(ep.csv ? { "text/csv": { schema: { type: "string", description: "One row per item, the first naming the columns" } } } : {}),
        };
    const responses: Record<string, unknown> = {
      [String(ep.status)]: { description: ep.summary, content: success },
    };
    const conflict = service.errorCodes.edit_conflict;
    if (ep.ifMatch) parameters.push(ifMatchParameter);
    for (const [status, codes] of errorsByStatus(service, ep)) {
      const isConflict = ep.ifMatch && status === conflict.status;
      responses[String(status)] = {
        description: `${STATUS_TEXT[status] ?? "Error"}. Codes: ${codes.join(", ")}${isConflict ? CONFLICT_TEXT(conflict.code) : ""}`,
        content: { "application/json": { schema: isConflict ? withCurrentItem(errorRef, responseSchema) : errorRef } },
        "x-error-codes": codes,
      };
    }
    paths[ep.path] ??= {};
    paths[ep.path][ep.method.toLowerCase()] = {
      operationId: ep.operationId,
      summary: ep.summary,
      ...(ep.description ? { description: ep.description } : {}),
      tags: [ep.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(ep.body
        ? {
            requestBody: {
              required: !ep.bodyOptional,
              content: { [BODY_MEDIA_TYPE[ep.bodyKind ?? "json"]]: { schema: schemas.toSchema(ep.body, "input") } },
            },
          }
        : {}),
      responses,
      ...(ep.isPublic ? { security: [] } : {}),
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: service.basePath }],
    security: [{ bearerAuth: [] }],
    tags: info.tags ?? [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key from the account page (cak_…)" } },
      schemas: schemas.components,
    },
  };
}
