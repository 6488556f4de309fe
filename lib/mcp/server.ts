import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { authenticate } from "@/lib/api/authenticate";
import { unauthorized } from "@/lib/api/errors";
import { limitApiRequest, RateLimitedError } from "@/lib/api/rate-limit";
import { readBodyCapped, withBody } from "@/lib/api/read-body";
import { toAppError } from "@/lib/api/run-endpoint";
import { serviceError } from "@/lib/api/service";
import { getDb } from "@/lib/db/client";
import { callTool, type ToolSet } from "./tools";

export type McpServerInfo = { name: string; title: string; instructions: string };

function jsonError(status: number, body: unknown, extra: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...extra } });
}

/**
 * POST {service}/mcp: a service's agent-tool interface over Streamable HTTP. Stateless: a new
 * server and transport per request, so any instance can answer any request.
 */
export function mcpHandler(info: McpServerInfo, set: () => ToolSet) {
  return async function handleMcpRequest(req: Request): Promise<Response> {
    const { service, tools } = set();
    let db;
    let caller;
    let rawBody;
    let limitHeaders: Record<string, string> = {};
    try {
      db = await getDb();
      if (!req.headers.get("authorization")) throw unauthorized('Send an API key as "Authorization: Bearer <key>"');
      caller = await authenticate(req, db);
      if (caller.apiKeyId) limitHeaders = await limitApiRequest(req, caller.apiKeyId);
      rawBody = await readBodyCapped(req, service.bodyLimits.json);
    } catch (error) {
      const { status, body } = serviceError(service, toAppError(error, "mcp"));
      const headers = error instanceof RateLimitedError ? error.headers : status === 401 ? { "www-authenticate": "Bearer" } : {};
      return jsonError(status, body, headers);
    }
    const server = new Server(
      { name: info.name, title: info.title, version: "1.0.0" },
      { capabilities: { tools: {} }, instructions: info.instructions },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: tools.map(({ name, title, description, inputSchema, annotations }) => ({
        name,
        title,
        description,
        inputSchema,
        annotations,
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) =>
      callTool(set(), db, caller, request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>),
    );
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    // The transport reads the body itself, whole: it gets the one read above, within the limit.
    const response = await transport.handleRequest(withBody(req, rawBody));
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    return response;
  };
}

/** GET and DELETE on a stateless MCP endpoint: there is no event stream to open and no session to end. */
export function mcpMethodNotAllowed() {
  return Response.json(
    { error: "Use POST: this MCP endpoint is stateless", code: "method_not_allowed" },
    { status: 405, headers: { allow: "POST" } },
  );
}
