import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

// No rehype-raw: HTML written in the markdown shows as text and never runs. react-markdown's
// default urlTransform already drops javascript: and other unsafe link targets.
const components: Components = {
  h1: (props) => <h2 className="mt-5 mb-2 text-xl font-semibold text-slate-900 first:mt-0" {...strip(props)} />,
  h2: (props) => <h3 className="mt-5 mb-2 text-lg font-semibold text-slate-900 first:mt-0" {...strip(props)} />,
  h3: (props) => <h4 className="mt-4 mb-2 text-base font-semibold text-slate-900 first:mt-0" {...strip(props)} />,
  h4: (props) => <h5 className="mt-4 mb-1 text-sm font-semibold text-slate-900 first:mt-0" {...strip(props)} />,
  h5: (props) => <h6 className="mt-3 mb-1 text-sm font-semibold text-slate-700 first:mt-0" {...strip(props)} />,
  h6: (props) => <h6 className="mt-3 mb-1 text-sm font-medium text-slate-600 first:mt-0" {...strip(props)} />,
  p: (props) => <p className="my-2 leading-relaxed first:mt-0 last:mb-0" {...strip(props)} />,
  a: ({ node: _node, ...props }) => (
    <a
      className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700"
      target="_blank"
      rel="noopener noreferrer nofollow"
      {...props}
    />
  ),
  ul: (props) => <ul className="my-2 list-disc space-y-1 pl-6" {...strip(props)} />,
  ol: (props) => <ol className="my-2 list-decimal space-y-1 pl-6" {...strip(props)} />,
  blockquote: (props) => <blockquote className="my-3 border-l-4 border-slate-200 pl-4 text-slate-600 italic" {...strip(props)} />,
  hr: () => <hr className="my-4 border-slate-200" />,
  code: ({ node: _node, className, ...props }) => (
    <code className={`rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] ${className ?? ""}`} {...props} />
  ),
  pre: (props) => (
    <pre
      className="my-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-sm text-slate-100 [&_code]:bg-transparent [&_code]:p-0"
      {...strip(props)}
    />
  ),
  table: (props) => (
    <div className="my-3 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm" {...strip(props)} />
    </div>
  ),
  th: (props) => <th className="border border-slate-200 bg-slate-50 px-3 py-1.5 text-left font-semibold" {...strip(props)} />,
  td: (props) => <td className="border border-slate-200 px-3 py-1.5 align-top" {...strip(props)} />,
  img: ({ node: _node, alt, ...props }) => (
    <img alt={alt ?? ""} className="my-3 max-w-full rounded-md" loading="lazy" referrerPolicy="no-referrer" {...props} />
  ),
};

function strip<T extends { node?: unknown }>({ node: _node, ...rest }: T) {
  return rest;
}

/**
 * Markdown as elements. react-markdown's `Markdown` is synchronous and uses no hooks, so it is
 * called here, not placed: the text is parsed when this is called, and a failure surfaces in the
 * caller (renderBlock's callers show a note for that block).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="text-sm text-slate-800 [&_input[type=checkbox]]:mr-1.5 [&_li>p]:my-0">
      {ReactMarkdown({ remarkPlugins: [remarkGfm], components, children })}
    </div>
  );
}
