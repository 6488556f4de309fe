"use client";

import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { parseGlossary } from "@/lib/authoring/blocks/types/glossary";
import { rec, text, type ContentEditor, type ContentFormProps } from "../editor-kit";

export function GlossaryForm({ content, onChange }: ContentFormProps) {
  const c = parseGlossary(content) ?? { title: text(rec(content).title), terms: [] };
  const set = (patch: Partial<typeof c>) => onChange({ ...rec(content), title: c.title, terms: c.terms, ...patch });
  const setTerm = (i: number, patch: Partial<(typeof c.terms)[number]>) =>
    set({ terms: c.terms.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  return (
    <div className="space-y-4">
      <Field label="Glossary title" value={c.title} placeholder="Key terms" onChange={(e) => set({ title: e.target.value })} />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">Terms</legend>
        {c.terms.length === 0 ? <p className="text-sm text-slate-500">No terms yet.</p> : null}
        {c.terms.map((t, i) => (
          <div key={i} className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Field label={`Term ${i + 1}`} value={t.term} onChange={(e) => setTerm(i, { term: e.target.value })} />
              </div>
              <Button
                type="button"
                variant="ghost"
                aria-label={`Remove term ${i + 1}`}
                onClick={() => set({ terms: c.terms.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            </div>
            <TextAreaField
              label={`Definition ${i + 1}`}
              rows={2}
              value={t.definition}
              onChange={(e) => setTerm(i, { definition: e.target.value })}
            />
          </div>
        ))}
        <Button type="button" variant="secondary" onClick={() => set({ terms: [...c.terms, { term: "", definition: "" }] })}>
          Add term
        </Button>
      </fieldset>
    </div>
  );
}

export const glossaryEditor: ContentEditor = { kind: "content", form: GlossaryForm };
