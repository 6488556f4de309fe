import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { prepareInput, toAppError, type AnyEndpoint } from "@/lib/api/endpoint";
import { authoringService } from "@/lib/api/services";
import { authoringEndpoints, NOT_AGENT_TOOLS } from "@/lib/authoring/endpoints";
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
  if (endpoint.method !== "GET") {
    properties.dry_run = {
      type: "boolean",
      description: "true: validate and answer what would change (the would-be result, or the error) without saving anything",
    };
  }
  const defs = Object.keys(collector.components).length ? { $defs: collector.components } : {};
  const schema = { type: "object" as const, properties, ...(required.length ? { required } : {}), ...defs };
  // References point into this schema's own $defs.
  return JSON.parse(JSON.stringify(schema).replaceAll("#/components/schemas/", "#/$defs/"));
}

function describe(endpoint: AnyEndpoint): string {
  const parts = [endpoint.summary + ".", endpoint.description ?? ""];
  if (endpoint.method === "DELETE") parts.push("Nothing is erased: restore it with restore_trash_item (or restore_project for a project).");
  if (endpoint.method !== "GET") parts.push("Pass dry_run: true to preview the result without saving.");
  return parts.filter(Boolean).join(" ");
}

/** The agent tools: one per course-authoring endpoint, except publishing (the service keeps that for people). */
export const authoringTools: AgentTool[] = authoringEndpoints
  .filter((endpoint) => !NOT_AGENT_TOOLS.has(endpoint.operationId))
  .map((endpoint) => ({
    name: endpoint.operationId,
    title: endpoint.summary,
    description: describe(endpoint),
    inputSchema: inputSchemaOf(endpoint),
    annotations: {
      title: endpoint.summary,
      readOnlyHint: endpoint.method === "GET",
      destructiveHint: endpoint.method === "DELETE",
      idempotentHint: endpoint.method === "GET" || endpoint.method === "DELETE",
      openWorldHint: false,
    },
    endpoint,
  }));

const byName = new Map(authoringTools.map((t) => [t.name, t]));

export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** Runs a tool exactly as its REST endpoint runs: same validation, same domain code, same errors. */
export async function callAuthoringTool(db: Db, caller: Caller, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  const requestId = randomUUID();
  const tool = byName.get(name);
  if (!tool) {
    const body = { error: `Unknown tool ${name}`, code: "not_found" };
    return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
  }
  const { endpoint } = tool;
  try {
    const { dry_run: dryRun, ...rest } = args;
    const pathKeys = new Set(keysOf(endpoint.params));
    const queryKeys = new Set(keysOf(endpoint.query));
    const pick = (keys: Set<string>) => Object.fromEntries(Object.entries(rest).filter(([k]) => keys.has(k)));
    const bodyEntries = Object.entries(rest).filter(([k]) => !pathKeys.has(k) && !queryKeys.has(k));
    const query = Object.fromEntries(Object.entries(pick(queryKeys)).map(([k, v]) => [k, String(v)]));
    const input = await prepareInput(endpoint, {
      params: pick(pathKeys),
      query,
      body: endpoint.body ? (bodyEntries.length ? Object.fromEntries(bodyEntries) : undefined) : undefined,
    });
    const result = await endpoint.run({
      db,
      caller,
      ...input,
      requestId,
      dryRun: dryRun === true && endpoint.method !== "GET",
      via: "agent",
      operationId: endpoint.operationId,
    });
    const output = endpoint.response.parse(result) as Record<string, unknown>;
    const structured = dryRun === true ? { dry_run: true, would_return: output } : output;
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (error) {
    const appError = toAppError(error, requestId);
    const body = { status: appError.status, ...(authoringService.writeError(appError) as Record<string, unknown>) };
    return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
  }
}
