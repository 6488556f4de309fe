"use client";

import { useState } from "react";

/** A snippet of a guide with its language and a button that copies it exactly. */
export function CodeBlock({ language, code }: { language: string; code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <figure aria-label={`${language} code`} className="my-4 overflow-hidden rounded-md border border-slate-800 bg-slate-900">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5 text-xs text-slate-300">
        <span>{language}</span>
        <button
          type="button"
          className="rounded px-2 py-1 font-medium text-slate-100 ring-1 ring-slate-600 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={async () => {
            await navigator.clipboard.writeText(code).catch(() => {});
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> the {language} code</span>
        </button>
      </figcaption>
      <pre className="overflow-x-auto p-3 text-xs leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
