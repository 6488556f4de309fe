// POST /mcp: the course-authoring service's agent-tool interface (MCP, Streamable HTTP, stateless)
import { handleMcpRequest } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";
export const POST = handleMcpRequest;

// Stateless: no server-sent event stream to open and no session to end.
export function GET() {
  return Response.json({ error: "Use POST: this MCP endpoint is stateless", code: "method_not_allowed" }, { status: 405, headers: { allow: "POST" } });
}
export const DELETE = GET;
