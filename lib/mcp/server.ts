import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { authenticate } from "@/lib/api/authenticate";
import { toAppError } from "@/lib/api/endpoint";
import { unauthorized } from "@/lib/api/errors";
import { authoringService } from "@/lib/api/services";
import { getDb } from "@/lib/db/client";
import { authoringTools, callAuthoringTool } from "./authoring-tools";

const INSTRUCTIONS =
  "Course authoring: workspaces > projects > courses > modules > lessons > content blocks, plus a question bank " +
  "(categories, question families, questions) and quizzes. Start with list_workspaces and list_projects; get_project " +
  "returns a whole project tree. Write tools accept dry_run: true to preview. Deleted items go to the trash " +
  "(list_trash, restore_trash_item). Publishing is done by people in the app, not through these tools.";

function jsonError(status: number, body: unknown, extra: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...extra } });
}

/**
 * POST /api/authoring/mcp: the agent-tool interface over Streamable HTTP. Stateless: a new server
 * and transport per request, so any instance can answer any request.
 */
export async function handleMcpRequest(req: Request): Promise<Response> {
  let db;
  let caller;
  try {
    db = await getDb();
    if (!req.headers.get("authorization")) throw unauthorized("Send an API key as \"Authorization: Bearer <key>\"");
    caller = await authenticate(req, db);
  } catch (error) {
    const appError = toAppError(error, "mcp");
    return jsonError(appError.status, authoringService.writeError(appError), appError.status === 401 ? { "www-authenticate": "Bearer" } : {});
  }
  const server = new Server(
    { name: "coursewright-authoring", title: "Coursewright course authoring", version: "1.0.0" },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: authoringTools.map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, annotations })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callAuthoringTool(db, caller, request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>),
  );
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(req);
}
