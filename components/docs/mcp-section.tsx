import { authoringTools } from "@/lib/authoring/agent-tools";
import type { ToolSet } from "@/lib/mcp/tools";
import { proposalsTools } from "@/lib/proposals/agent-tools";

/** What differs between the services' agent-tool interfaces, as the reference tells it. */
type McpService = {
  /** The MCP server's name in a client's configuration. */
  clientName: string;
  path: string;
  tools: () => ToolSet;
  /** What people keep for themselves. */
  notOffered: string;
};

export const MCP_SERVICES = {
  authoring: {
    clientName: "coursewright",
    path: "/api/authoring/mcp",
    tools: authoringTools,
    notOffered: "Publishing is not offered to agents.",
  },
  proposals: {
    clientName: "coursewright-proposals",
    path: "/api/proposals/mcp",
    tools: proposalsTools,
    notOffered: "Sending, accepting, rejecting and withdrawing proposals are not offered to agents, nor are file uploads.",
  },
} satisfies Record<string, McpService>;

const configOf = ({ clientName, path }: McpService) => `{
  "mcpServers": {
    "${clientName}": {
      "type": "http",
      "url": "https://YOUR-HOST${path}",
      "headers": { "Authorization": "Bearer cak_YOUR_API_KEY" }
    }
  }
}`;

const cliOf = ({ clientName, path }: McpService) => `claude mcp add --transport http ${clientName} https://YOUR-HOST${path} \\
  --header "Authorization: Bearer cak_YOUR_API_KEY"`;

/** How to connect an agent to one service's tools; `id` is the service's anchor prefix on the page. */
export function McpSection({ service, id }: { service: keyof typeof MCP_SERVICES; id: string }) {
  const mcp: McpService = MCP_SERVICES[service];
  const { tools } = mcp.tools();
  return (
    <section
      id={`${id}-agent-tools`}
      aria-labelledby={`${id}-agent-tools-heading`}
      className="scroll-mt-4 space-y-3 rounded-lg border border-brand-100 bg-brand-50/50 p-5"
    >
      <h3 id={`${id}-agent-tools-heading`} className="text-xl font-semibold">
        Agent tools (MCP)
      </h3>
      <p className="text-sm text-slate-700">
        AI agents use the same endpoints as tools through the Model Context Protocol at <code>{mcp.path}</code> (Streamable HTTP,
        stateless), with an API key from the account page. Each tool takes the endpoint&apos;s path ids, query and body fields as one object
        and answers its JSON; errors come back as tool errors carrying the same error body. Every write tool accepts{" "}
        <code>dry_run: true</code> to preview. {mcp.notOffered} Changes made through tools are recorded as made by an agent, with the key
        used.
      </p>
      <h4 className="text-sm font-semibold">Connect a client (Claude Desktop, Cursor, …)</h4>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        <code>{configOf(mcp)}</code>
      </pre>
      <h4 className="text-sm font-semibold">Claude Code</h4>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        <code>{cliOf(mcp)}</code>
      </pre>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">The {tools.length} tools</summary>
        <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {tools.map((tool) => (
            <li key={tool.name} className="break-words">
              <code>{tool.name}</code> <span className="text-slate-600">— {tool.title}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
