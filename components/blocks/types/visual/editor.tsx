"use client";

import { SelectField, TextAreaField } from "@/components/lesson-editor/form-controls";
import { parseVisual, VISUAL_STATUSES } from "@/lib/authoring/blocks/types/visual";
import { rec, text, type ContentEditor, type ContentFormProps, type Rec } from "../editor-kit";

export function VisualForm({ content, onChange }: ContentFormProps) {
  const c = parseVisual(content) ?? { prompt: text(rec(content).prompt), status: text(rec(content).status) };
  const set = (patch: Rec) => onChange({ ...rec(content), prompt: c.prompt, status: c.status, ...patch });
  const known = c.status === "" || c.status in VISUAL_STATUSES;
  return (
    <div className="space-y-4">
      <TextAreaField
        label="What the visual should show"
        rows={5}
        value={c.prompt}
        hint="A brief for whoever makes it: subject, style, labels."
        onChange={(e) => set({ prompt: e.target.value })}
      />
      <SelectField label="Status" value={c.status || "pending"} onChange={(e) => set({ status: e.target.value })}>
        {Object.entries(VISUAL_STATUSES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
        {!known ? <option value={c.status}>{c.status}</option> : null}
      </SelectField>
    </div>
  );
}

export const visualEditor: ContentEditor = { kind: "content", form: VisualForm };
