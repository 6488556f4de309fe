import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { admit } from "@/lib/api/admit";
import { readBodyCapped, withBody } from "@/lib/api/read-body";
import { callTool, type ToolSet } from "./tools";

export type McpServerInfo = { name: string; title: string; instructions: string };

/**
 * POST {service}/mcp: a service's agent-tool interface over Streamable HTTP. Stateless: a new
 * server and transport per request, so any instance can answer any request.
 */
export function mcpHandler(info: McpServerInfo, set: () => ToolSet) {
  return async function handleMcpRequest(req: Request): Promise<Response> {
    const { service, tools } = set();
    // The transport reads the body itself, whole: it gets this read, within the service's limit.
    const admitted = await admit(req, service, { isKeyOnly: true, readBody: (r) => readBodyCapped(r, service.bodyLimits.json) });
    if (admitted instanceof Response) return admitted;
    const { db, caller, body, limitHeaders } = admitted;
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
    const response = await transport.handleRequest(withBody(req, body));
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
