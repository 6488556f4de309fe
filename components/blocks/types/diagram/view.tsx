"use client";

import type MermaidModule from "mermaid";
import { useEffect, useState } from "react";
import { useBlockEnvironment } from "@/components/blocks/block-environment";
import { BlockNote, Caption } from "@/components/blocks/block-note";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { parseDiagram } from "@/lib/authoring/blocks/types/diagram";

type Mermaid = typeof MermaidModule;

// Mermaid is large: it is fetched only when a diagram is on the page, and set up once.
let mermaidPromise: Promise<Mermaid> | null = null;
export function loadMermaid() {
  mermaidPromise ??= import("mermaid").then(({ default: mermaid }) => {
    // strict: labels are sanitised and click handlers are off, so diagram code cannot run script.
    mermaid.initialize({ startOnLoad: false, securityLevel: "strict", suppressErrorRendering: true });
    return mermaid;
  });
  mermaidPromise.catch(() => {
    mermaidPromise = null;
  });
  return mermaidPromise;
}

let renderCount = 0;

function errorMessage(error: unknown) {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return text.trim() || "The diagram code could not be read.";
}

type DiagramState = { svg?: string; error?: string };

function MermaidDiagram({ code, label }: { code: string; label: string }) {
  const { audience } = useBlockEnvironment();
  const [state, setState] = useState<DiagramState>({});
  useEffect(() => {
    let cancelled = false;
    // While an author types, wait for a pause before re-rendering.
    const timer = setTimeout(
      async () => {
        try {
          const mermaid = await loadMermaid();
          await mermaid.parse(code);
          const { svg } = await mermaid.render(`mermaid-diagram-${++renderCount}`, code);
          if (!cancelled) setState({ svg });
        } catch (error) {
          if (!cancelled) setState({ error: errorMessage(error) });
        }
      },
      state.svg || state.error ? 300 : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Only new code re-renders; the state read above only picks the debounce for the next render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  if (state.error) {
    // The parser's message helps the author fix the code; a learner can do nothing with it.
    if (audience === "learner") {
      return (
        <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
          This diagram could not be shown.
        </p>
      );
    }
    return (
      <div role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <p className="font-medium">This diagram has an error and cannot be drawn.</p>
        <pre className="mt-1 max-h-40 overflow-auto font-mono text-xs whitespace-pre-wrap">{state.error}</pre>
      </div>
    );
  }
  if (!state.svg) {
    return <LoadingPlaceholder label="Drawing the diagram" className="h-40 animate-pulse rounded-md bg-slate-100" />;
  }
  return (
    <div
      role="img"
      aria-label={label}
      className="flex justify-center overflow-x-auto [&_svg]:h-auto [&_svg]:max-w-full"
      // Mermaid's output with securityLevel "strict" is sanitised by its own DOMPurify pass.
      dangerouslySetInnerHTML={{ __html: state.svg }}
    />
  );
}

export function DiagramBlock({ content }: { content: unknown }) {
  const c = parseDiagram(content);
  if (!c) return <BlockNote />;
  if (!c.source.code.trim()) return <BlockNote>No diagram code yet.</BlockNote>;
  return (
    <figure>
      <MermaidDiagram code={c.source.code} label={c.caption.trim() || "Diagram"} />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}
