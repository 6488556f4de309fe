"use client";

import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { Field } from "@/components/ui/field";
import { parseDiagram } from "@/lib/authoring/blocks/types/diagram";
import { rec, text, type ContentEditor, type ContentFormProps, type Rec } from "../editor-kit";

export function DiagramForm({ content, onChange }: ContentFormProps) {
  const c = rec(content);
  const code = parseDiagram(content)?.source.code ?? "";
  const set = (patch: Rec) => onChange({ ...c, source: { type: "mermaid", code }, caption: text(c.caption), ...patch });
  return (
    <div className="space-y-4">
      <TextAreaField
        code
        label="Mermaid code"
        rows={8}
        value={code}
        hint={
          <>
            A flowchart, sequence, class or other{" "}
            <a
              className="text-brand-600 underline"
              href="https://mermaid.js.org/intro/syntax-reference.html"
              target="_blank"
              rel="noreferrer"
            >
              Mermaid diagram
            </a>
            .
          </>
        }
        onChange={(e) => set({ source: { type: "mermaid", code: e.target.value } })}
      />
      <Field label="Caption" value={text(c.caption)} onChange={(e) => set({ caption: e.target.value })} />
    </div>
  );
}

export const diagramEditor: ContentEditor = { kind: "content", form: DiagramForm };
