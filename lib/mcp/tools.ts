import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { AppError } from "@/lib/api/errors";
import { JsonText, jsonTextOf } from "@/lib/api/prebuilt";
import { runEndpoint } from "@/lib/api/run-endpoint";
import { serviceError, type Service } from "@/lib/api/service";
import type { Db } from "@/lib/db/client";
import { SchemaCollector } from "@/lib/openapi/document";

type JsonSchema = Record<string, unknown>;

export type AgentTool = {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
  endpoint: AnyEndpoint;
};

/** A service's agent tools: its endpoints, with what it keeps for people left out. */
export type ToolSet = { service: Service; tools: AgentTool[]; byName: Map<string, AgentTool> };

const keysOf = (schema: unknown): string[] =>
  schema && typeof schema === "object" && "shape" in schema ? Object.keys((schema as z.ZodObject).shape) : [];

/** One JSON Schema for a tool: path ids, query and body fields side by side, built from the same zod schemas. */
function inputSchemaOf(endpoint: AnyEndpoint): AgentTool["inputSchema"] {
  const collector = new SchemaCollector();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const part of [endpoint.params, endpoint.query, endpoint.body]) {
    if (!part) continue;
    const json = collector.toSchema(part, "input") as { properties?: Record<string, JsonSchema>; required?: string[]; $ref?: string };
    const resolved = json.$ref ? (collector.components[json.$ref.split("/").pop()!] as typeof json) : json;
    Object.assign(properties, resolved.properties ?? {});
    required.push(...(resolved.required ?? []));
  }
  // A tool answers JSON: the CSV form of a table endpoint (?format=csv) is for HTTP clients.
  if (endpoint.csv) delete properties.format;
  if (endpoint.method !== "GET") {
    properties.dry_run = {
      type: "boolean",
      description: "true: validate and answer what would change (the would-be result, or the error) without saving anything",
    };
  }
  if (endpoint.ifMatch) {
    properties.if_match = {
      type: "string",
      description:
        "The item's updated_at as you last read it: if it has changed since, nothing is saved and the answer is a 409 conflict with the item as it is now (details.current)",
    };
  }
  const defs = Object.keys(collector.components).length ? { $defs: collector.components } : {};
  const schema = { type: "object" as const, properties, ...(required.length ? { required } : {}), ...defs };
  // References point into this schema's own $defs.
  return JSON.parse(JSON.stringify(schema).replaceAll("#/components/schemas/", "#/$defs/"));
}

function describe(endpoint: AnyEndpoint, deleteHint?: string): string {
  const parts = [endpoint.summary + ".", endpoint.description ?? ""];
  if (endpoint.method === "DELETE" && deleteHint) parts.push(deleteHint);
  if (endpoint.method !== "GET") parts.push("Pass dry_run: true to preview the result without saving.");
  if (endpoint.ifMatch)
    parts.push("Pass if_match (the item's updated_at as you read it) to refuse the change if someone changed the item since.");
  return parts.filter(Boolean).join(" ");
}

/**
 * The agent tools of a service: one per endpoint, except those it keeps for people (publishing,
 * sending), those an agent cannot call with JSON arguments (file uploads), those that answer a
 * file rather than JSON (a PDF), which a tool's text result cannot carry, and public ones (a review
 * link's, a recipient's): a tool is called with a key, and those are for people without one.
 */
export function toolSet(service: Service, endpoints: AnyEndpoint[], options: { exclude: Set<string>; deleteHint?: string }): ToolSet {
  const tools = endpoints
    .filter(
      (endpoint) =>
        !options.exclude.has(endpoint.operationId) && !endpoint.isPublic && (endpoint.bodyKind ?? "json") === "json" && !endpoint.produces,
    )
    .map((endpoint) => ({
      name: endpoint.operationId,
      title: endpoint.summary,
      description: describe(endpoint, options.deleteHint),
      inputSchema: inputSchemaOf(endpoint),
      annotations: {
        title: endpoint.summary,
        readOnlyHint: endpoint.method === "GET",
        destructiveHint: endpoint.method === "DELETE",
        idempotentHint: endpoint.method === "GET" || endpoint.method === "DELETE",
        openWorldHint: false as const,
      },
      endpoint,
    }));
  return { service, tools, byName: new Map(tools.map((t) => [t.name, t])) };
}

export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

const errorResult = (body: Record<string, unknown>): ToolResult => ({
  isError: true,
  content: [{ type: "text", text: JSON.stringify(body) }],
  structuredContent: body,
});

/** Runs a tool exactly as its REST endpoint runs: same runner, same validation, same domain code, same errors. */
export async function callTool(
  set: ToolSet,
  db: Db,
  caller: Caller,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolResult> {
  const tool = set.byName.get(name);
  if (!tool) {
    const { status, body } = serviceError(set.service, new AppError("not_found", `Unknown tool ${name}`));
    return errorResult({ status, ...(body as Record<string, unknown>) });
  }
  const { endpoint } = tool;
  const { dry_run: dryRun, ...rest } = args;
  // if_match is the tools' If-Match header, where the endpoint takes one.
  const ifMatch = endpoint.ifMatch && rest.if_match !== undefined ? String(rest.if_match) : undefined;
  if (endpoint.ifMatch) delete rest.if_match;
  const pathKeys = new Set(keysOf(endpoint.params));
  const queryKeys = new Set(keysOf(endpoint.query));
  const pick = (keys: Set<string>) => Object.fromEntries(Object.entries(rest).filter(([k]) => keys.has(k)));
  const bodyEntries = Object.entries(rest).filter(([k]) => !pathKeys.has(k) && !queryKeys.has(k));
  const query = Object.fromEntries(Object.entries(pick(queryKeys)).map(([k, v]) => [k, String(v)]));
  if (endpoint.csv) delete query.format;
  const result = await runEndpoint(
    set.service,
    endpoint,
    { params: pick(pathKeys), query, body: async () => (bodyEntries.length ? Object.fromEntries(bodyEntries) : undefined), ifMatch },
    { db, caller, requestId: randomUUID(), via: "agent", dryRun: dryRun === true },
  );
  if (!result.ok) return errorResult({ status: result.status, ...(result.body as Record<string, unknown>) });
  // Text an endpoint built itself (a whole project) is the same JSON its schema describes.
  const body = result.body instanceof JsonText ? (JSON.parse(jsonTextOf(result.body)) as unknown) : result.body;
  const structured = dryRun === true ? { dry_run: true, would_return: body } : (body as Record<string, unknown>);
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}
