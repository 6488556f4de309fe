import { authoringTools } from "@/lib/authoring/agent-tools";

const CONFIG = `{
  "mcpServers": {
    "coursewright": {
      "type": "http",
      "url": "https://YOUR-HOST/api/authoring/mcp",
      "headers": { "Authorization": "Bearer cak_YOUR_API_KEY" }
    }
  }
}`;

const CLI = `claude mcp add --transport http coursewright https://YOUR-HOST/api/authoring/mcp \\
  --header "Authorization: Bearer cak_YOUR_API_KEY"`;

export function McpSection() {
  return (
    <section
      id="agent-tools"
      aria-labelledby="agent-tools-heading"
      className="space-y-3 rounded-lg border border-brand-100 bg-brand-50/50 p-5"
    >
      <h2 id="agent-tools-heading" className="text-xl font-semibold">
        Agent tools (MCP)
      </h2>
      <p className="text-sm text-slate-700">
        AI agents use the same endpoints as tools through the Model Context Protocol at <code>/api/authoring/mcp</code> (Streamable HTTP,
        stateless), with an API key from the account page. Each tool takes the endpoint&apos;s path ids, query and body fields as one object
        and answers its JSON; errors come back as tool errors carrying the same error body. Every write tool accepts{" "}
        <code>dry_run: true</code> to preview. Publishing is not offered to agents. Changes made through tools are recorded in each
        item&apos;s history as made by an agent, with the key used.
      </p>
      <h3 className="text-sm font-semibold">Connect a client (Claude Desktop, Cursor, …)</h3>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        <code>{CONFIG}</code>
      </pre>
      <h3 className="text-sm font-semibold">Claude Code</h3>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        <code>{CLI}</code>
      </pre>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">The {authoringTools().tools.length} tools</summary>
        <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {authoringTools().tools.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code> <span className="text-slate-600">— {tool.title}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
