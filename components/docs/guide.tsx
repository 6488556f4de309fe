import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";

/** The names fenced code blocks are shown under. */
const LANGUAGES: Record<string, string> = { js: "Node.js", python: "Python", http: "HTTP", sh: "Shell", json: "JSON" };

type HastNode = { type: string; value?: string; tagName?: string; properties?: { className?: unknown }; children?: HastNode[] };

const textOf = (node: HastNode): string => node.value ?? (node.children ?? []).map(textOf).join("");

/** An anchor for a heading: its words, lower case, joined by dashes. */
const slug = (node: HastNode | undefined) =>
  node
    ? textOf(node)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
    : undefined;

const components: Components = {
  h1: ({ node: _node, ...props }) => <h1 className="text-3xl font-bold" {...props} />,
  h2: ({ node, ...props }) => <h2 id={slug(node as HastNode)} className="mt-8 scroll-mt-4 text-xl font-semibold" {...props} />,
  h3: ({ node, ...props }) => <h3 id={slug(node as HastNode)} className="mt-6 scroll-mt-4 text-lg font-semibold" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-3 leading-relaxed text-slate-800" {...props} />,
  a: ({ node: _node, ...props }) => <a className="font-medium text-brand-700 underline underline-offset-2" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-3 list-disc space-y-1 pl-6 text-slate-800" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-3 list-decimal space-y-1 pl-6 text-slate-800" {...props} />,
  // Code in a table (long paths) may break anywhere, so the table still fits a phone's width.
  table: ({ node: _node, ...props }) => (
    <table className="my-4 w-full border-collapse text-sm text-slate-800 [&_code]:wrap-anywhere" {...props} />
  ),
  th: ({ node: _node, ...props }) => (
    <th className="border-b border-slate-300 px-2 py-1.5 text-left align-bottom font-semibold" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="border-b border-slate-200 px-2 py-1.5 align-top" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-words" {...props} />,
  pre: ({ node }) => {
    const code = (node as HastNode | undefined)?.children?.find((child) => child.tagName === "code");
    const className = code?.properties?.className;
    const language = (Array.isArray(className) ? className : []).map(String).find((c) => c.startsWith("language-"));
    const name = language?.slice("language-".length) ?? "";
    return <CodeBlock language={LANGUAGES[name] ?? (name || "Code")} code={code ? textOf(code).replace(/\n$/, "") : ""} />;
  },
};

/** A user guide written in markdown (docs/*.md): headings with anchors, code blocks to copy. */
export function Guide({ markdown }: { markdown: string }) {
  return (
    <article className="text-base">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {markdown}
      </ReactMarkdown>
    </article>
  );
}
