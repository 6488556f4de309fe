// POST /mcp: the course-authoring service's agent-tool interface (MCP, Streamable HTTP, stateless)
import { handleAuthoringMcp } from "@/lib/authoring/agent-tools";
import { mcpMethodNotAllowed } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";
export const POST = handleAuthoringMcp;
export const GET = mcpMethodNotAllowed;
export const DELETE = mcpMethodNotAllowed;
