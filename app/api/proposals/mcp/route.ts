// POST /mcp: the proposals service's agent-tool interface (MCP, Streamable HTTP, stateless)
import { mcpMethodNotAllowed } from "@/lib/mcp/server";
import { handleProposalsMcp } from "@/lib/proposals/agent-tools";

export const dynamic = "force-dynamic";
export const POST = handleProposalsMcp;
export const GET = mcpMethodNotAllowed;
export const DELETE = mcpMethodNotAllowed;
