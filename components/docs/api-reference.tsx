type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  /** JSON for most endpoints, multipart/form-data for uploads. */
  requestBody?: { content: Record<string, { schema: Schema }> };
  /** JSON for most answers; a file's media type (application/pdf) for a download. */
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Doc = {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  patch: "bg-amber-100 text-amber-800",
  put: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

/** A short type for a schema: `Course`, `string (uuid)`, `Block[]`, … */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop()!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeOf).join(" | ");
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items as Schema)}[]`;
  if (schema.format) return `${schema.type} (${schema.format})`;
  return String(schema.type ?? "any");
}

/** What an answer's body is: its schema's type for JSON, else the media type (a PDF is its bytes). */
function responseType(content: Operation["responses"][string]["content"]): string {
  if (!content) return "";
  const json = content["application/json"];
  return json ? typeOf(json.schema) : Object.keys(content).join(", ");
}

function bounds(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`${schema.minLength ?? 0}..${schema.maxLength ?? "∞"} chars`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? "−∞"}..${schema.maximum ?? "∞"}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

function Fields({ schema, doc }: { schema: Schema; doc: Doc }) {
  const resolved = typeof schema.$ref === "string" ? doc.components.schemas[schema.$ref.split("/").pop()!] : schema;
  const properties = (resolved?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((resolved?.required ?? []) as string[]);
  if (!Object.keys(properties).length) return <p className="text-sm text-slate-600">{typeOf(schema)}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <tbody>
          {Object.entries(properties).map(([name, prop]) => (
            <tr key={name} className="border-t border-slate-100 align-top">
              <td className="py-1.5 pr-3 font-mono text-xs">
                {name}
                {required.has(name) ? <span className="text-red-600">*</span> : null}
              </td>
              <td className="py-1.5 pr-3 font-mono text-xs break-all text-slate-600">{typeOf(prop)}</td>
              <td className="py-1.5 text-xs text-slate-600">
                {[prop.description as string | undefined, bounds(prop)].filter(Boolean).join(" · ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The body's media type and schema: one per operation. */
const bodyOf = (op: Operation) => Object.entries(op.requestBody?.content ?? {})[0] as [string, { schema: Schema }] | undefined;

/**
 * One service's reference, rendered from its OpenAPI document. `id` prefixes every anchor
 * (`{id}-create_course`), so several services can share a page; headings start at h2.
 */
export function ApiReference({ doc, id, extra }: { doc: Doc; id: string; extra?: React.ReactNode }) {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const tags = [...new Set(operations.map((o) => o.op.tags[0]))];
  const tagId = (tag: string) => `${id}-${tag.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-4 gap-8">
      <nav
        aria-label={`${doc.info.title} sections`}
        className="sticky top-4 hidden max-h-[calc(100vh-2rem)] w-56 shrink-0 self-start overflow-y-auto text-sm lg:block"
      >
        <p className="mb-2 font-semibold">{doc.info.title}</p>
        <ul className="space-y-1">
          {extra ? (
            <li>
              <a className="text-slate-600 hover:text-brand-600" href={`#${id}-agent-tools`}>
                Agent tools (MCP)
              </a>
            </li>
          ) : null}
          {tags.map((tag) => (
            <li key={tag}>
              <a className="text-slate-600 hover:text-brand-600" href={`#${tagId(tag)}`}>
                {tag}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1 space-y-10">
        <header>
          <h2 id={`${id}-title`} className="text-3xl font-bold">
            {doc.info.title}
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            Version {doc.info.version} · base URL <code>{doc.servers[0]?.url}</code> ·{" "}
            <a className="text-brand-600 hover:underline" href={`${doc.servers[0]?.url}/openapi.json`}>
              OpenAPI 3.1 document
            </a>
          </p>
          <p className="mt-3 max-w-3xl text-slate-700">{doc.info.description}</p>
        </header>
        {extra}
        {tags.map((tag) => (
          <section key={tag} id={tagId(tag)} aria-labelledby={`${tagId(tag)}-heading`} className="scroll-mt-4 space-y-4">
            <h3 id={`${tagId(tag)}-heading`} className="text-xl font-semibold">
              {tag}
            </h3>
            {operations
              .filter((o) => o.op.tags[0] === tag)
              .map(({ path, method, op }) => (
                <article key={op.operationId} id={`${id}-${op.operationId}`} className="rounded-lg border border-slate-200 bg-white p-4">
                  <h4 className="flex flex-wrap items-center gap-2">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ""}`}>
                      {method}
                    </span>
                    <code className="text-sm break-all">{path}</code>
                    <span className="text-sm text-slate-500">— {op.summary}</span>
                  </h4>
                  {op.description ? <p className="mt-2 text-sm text-slate-700">{op.description}</p> : null}
                  {op.parameters?.length ? (
                    <div className="mt-3">
                      <h5 className="text-xs font-semibold uppercase text-slate-500">Parameters</h5>
                      <Fields
                        doc={doc}
                        schema={{
                          type: "object",
                          properties: Object.fromEntries(
                            op.parameters.map((p) => [`${p.name} (${p.in})`, { ...p.schema, description: p.description }]),
                          ),
                          required: op.parameters.filter((p) => p.required).map((p) => `${p.name} (${p.in})`),
                        }}
                      />
                    </div>
                  ) : null}
                  {bodyOf(op) ? (
                    <div className="mt-3">
                      <h5 className="text-xs font-semibold uppercase text-slate-500">
                        Body: {typeOf(bodyOf(op)![1].schema)}
                        {bodyOf(op)![0] !== "application/json" ? <span className="normal-case"> ({bodyOf(op)![0]})</span> : null}
                      </h5>
                      <Fields doc={doc} schema={bodyOf(op)![1].schema} />
                    </div>
                  ) : null}
                  <div className="mt-3">
                    <h5 className="text-xs font-semibold uppercase text-slate-500">Responses</h5>
                    <ul className="mt-1 space-y-0.5 text-sm">
                      {Object.entries(op.responses).map(([status, r]) => (
                        <li key={status}>
                          <span className="font-mono font-semibold">{status}</span>{" "}
                          <span className="text-slate-600">
                            {responseType(r.content)} — {r.description}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </article>
              ))}
          </section>
        ))}
        <section aria-labelledby={`${id}-schemas`} className="space-y-4">
          <h3 id={`${id}-schemas`} className="text-xl font-semibold">
            Schemas
          </h3>
          {Object.entries(doc.components.schemas).map(([name, schema]) => (
            <article key={name} id={`${id}-schema-${name}`} className="rounded-lg border border-slate-200 bg-white p-4">
              <h4 className="font-mono text-sm font-semibold">{name}</h4>
              <Fields doc={doc} schema={schema} />
            </article>
          ))}
        </section>
      </div>
    </section>
  );
}
