// POST /app/mcp: the agent-tool interface of the buyer's seats and certificates (MCP, Streamable HTTP, stateless)
import { handleBuyerMcp } from "@/lib/app/agent-tools";
import { mcpMethodNotAllowed } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";
export const POST = handleBuyerMcp;
export const GET = mcpMethodNotAllowed;
export const DELETE = mcpMethodNotAllowed;
