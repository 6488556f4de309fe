"use client";

import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { parseScenario } from "@/lib/authoring/blocks/types/scenario";
import { rec, text, type ContentEditor, type ContentFormProps, type Rec } from "../editor-kit";
import { MARKDOWN_HINT } from "../text/editor";

export function ScenarioForm({ content, onChange }: ContentFormProps) {
  const c = parseScenario(content) ?? { body: text(rec(content).body), reveal: text(rec(content).reveal) };
  const set = (patch: Rec) => onChange({ ...rec(content), body: c.body, reveal: c.reveal, ...patch });
  return (
    <div className="space-y-4">
      <TextAreaField label="Scenario text" rows={6} value={c.body} hint={MARKDOWN_HINT} onChange={(e) => set({ body: e.target.value })} />
      <TextAreaField
        label="Revealed text"
        rows={4}
        value={c.reveal}
        hint="Shown when the learner presses Reveal: an outcome, an answer, a debrief."
        onChange={(e) => set({ reveal: e.target.value })}
      />
    </div>
  );
}

export const scenarioEditor: ContentEditor = { kind: "content", form: ScenarioForm };
