import { ApiReference } from "@/components/docs/api-reference";
import { McpSection } from "@/components/docs/mcp-section";
import { authoringOpenApi } from "@/lib/authoring/openapi";
import { proposalsOpenApi } from "@/lib/proposals/openapi";

export const metadata = { title: "API reference" };

/** The services on this page, in order: each rendered from its own OpenAPI document. */
const SERVICES = [
  { id: "authoring", label: "Course authoring API", doc: authoringOpenApi, mcp: "authoring" },
  { id: "proposals", label: "Proposals API", doc: proposalsOpenApi, mcp: "proposals" },
] as const;

export default function ApiDocsPage() {
  return (
    <main className="mx-auto max-w-7xl space-y-12 px-4 py-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold">API reference</h1>
        <p className="max-w-3xl text-slate-700">
          Two REST services share this app and its API keys (<code>Authorization: Bearer cak_…</code>, a key acts as the user who made it).
          Each is described by an OpenAPI 3.1 document and offered to AI agents as tools over MCP.
        </p>
        <p className="max-w-3xl text-slate-700">
          A buyer&apos;s learning managers and learners have a small API of their own for seats and certificates, under{" "}
          <code>/api/app</code>: see{" "}
          <a href="/api/app/openapi.json" className="font-medium text-brand-700 underline underline-offset-2">
            its OpenAPI document
          </a>
          ; its agent tools are at <code>/api/app/mcp</code>.
        </p>
        <p className="max-w-3xl text-slate-700">
          What authors, learners, sales staff and agents find where in the app, and its own endpoints: see the{" "}
          <a href="/docs/guide" className="font-medium text-brand-700 underline underline-offset-2">
            User guide
          </a>
          .
        </p>
        <p className="max-w-3xl text-slate-700">
          The proposals service also calls you: see{" "}
          <a href="/docs/webhooks" className="font-medium text-brand-700 underline underline-offset-2">
            Webhooks
          </a>{" "}
          for what it sends and how to verify a delivery&apos;s signature. Courses leave as SCORM or cmi5 packages and move between projects
          as archives: see{" "}
          <a href="/docs/course-exchange" className="font-medium text-brand-700 underline underline-offset-2">
            Moving courses
          </a>
          .
        </p>
        <nav aria-label="Services">
          <ul className="flex flex-wrap gap-2">
            {SERVICES.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="inline-block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-600 hover:text-brand-600"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {SERVICES.map((s) => (
        <ApiReference key={s.id} id={s.id} doc={s.doc() as never} extra={<McpSection service={s.mcp} id={s.id} />} />
      ))}
    </main>
  );
}
