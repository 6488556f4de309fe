"use client";

import { useState } from "react";
import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { Field } from "@/components/ui/field";
import { INTERACTIVE_HEIGHT, parseInteractive } from "@/lib/authoring/blocks/types/interactive";
import { rec, text, type ContentEditor, type ContentFormProps, type Rec } from "../editor-kit";

export function InteractiveForm({ content, onChange }: ContentFormProps) {
  const c = rec(content);
  const parsed = parseInteractive(content);
  const code = parsed?.source.code ?? "";
  const [heightText, setHeightText] = useState(typeof c.height === "number" || typeof c.height === "string" ? String(c.height) : "");
  const set = (patch: Rec) => onChange({ ...c, source: { type: "html", code }, title: text(c.title), caption: text(c.caption), ...patch });
  const h = Number(heightText);
  const outOfRange = heightText.trim() !== "" && (!Number.isFinite(h) || h < INTERACTIVE_HEIGHT.min || h > INTERACTIVE_HEIGHT.max);
  return (
    <div className="space-y-4">
      <TextAreaField
        code
        label="HTML code"
        rows={10}
        value={code}
        placeholder={'<button onclick="…">Try it</button>\n<script>…</script>'}
        hint="Runs in a sandbox: its scripts work, but it cannot reach this page, the learner's data or their session."
        onChange={(e) => set({ source: { type: "html", code: e.target.value } })}
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field
          label="Height (pixels)"
          type="number"
          min={INTERACTIVE_HEIGHT.min}
          max={INTERACTIVE_HEIGHT.max}
          step={10}
          placeholder={String(INTERACTIVE_HEIGHT.default)}
          value={heightText}
          error={outOfRange ? `Between ${INTERACTIVE_HEIGHT.min} and ${INTERACTIVE_HEIGHT.max}.` : undefined}
          onChange={(e) => {
            setHeightText(e.target.value);
            const n = Number(e.target.value);
            const next = { ...c, source: { type: "html", code }, title: text(c.title), caption: text(c.caption) } as Rec;
            if (e.target.value.trim() && Number.isFinite(n)) next.height = Math.round(n);
            else delete next.height;
            onChange(next);
          }}
        />
        <Field
          label="Title"
          value={text(c.title)}
          hint="Names the frame for screen readers."
          onChange={(e) => set({ title: e.target.value })}
        />
      </div>
      <Field label="Caption" value={text(c.caption)} onChange={(e) => set({ caption: e.target.value })} />
    </div>
  );
}

export const interactiveEditor: ContentEditor = { kind: "content", form: InteractiveForm };
