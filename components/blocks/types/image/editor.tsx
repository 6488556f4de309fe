"use client";

import { useRef } from "react";
import { ChoiceField, TextAreaField } from "@/components/lesson-editor/form-controls";
import { Field } from "@/components/ui/field";
import { parseImage, type ImageSource } from "@/lib/authoring/blocks/types/image";
import { rec, text, type ContentEditor, type ContentFormProps, type Rec } from "../editor-kit";

export function ImageForm({ content, onChange }: ContentFormProps) {
  const c = rec(content);
  const source: ImageSource = parseImage(content)?.source ?? { type: "url", url: "" };
  // Switching between a web address and SVG code keeps what was typed in the other.
  const other = useRef({ url: source.type === "url" ? source.url : "", code: source.type === "svg" ? source.code : "" });
  const set = (patch: Rec) => onChange({ ...c, source, alt: text(c.alt), caption: text(c.caption), ...patch });
  const setSource = (s: ImageSource) => {
    if (s.type === "url") other.current.url = s.url;
    else other.current.code = s.code;
    set({ source: s });
  };
  return (
    <div className="space-y-4">
      <ChoiceField
        legend="Image source"
        value={source.type}
        choices={[
          { value: "url", label: "Web address" },
          { value: "svg", label: "SVG code" },
        ]}
        onChange={(t) => setSource(t === "url" ? { type: "url", url: other.current.url } : { type: "svg", code: other.current.code })}
      />
      {source.type === "url" ? (
        <Field
          label="Image URL"
          type="url"
          placeholder="https://…"
          value={source.url}
          onChange={(e) => setSource({ type: "url", url: e.target.value })}
        />
      ) : (
        <TextAreaField
          code
          label="SVG markup"
          rows={8}
          value={source.code}
          placeholder={'<svg viewBox="0 0 100 100">…</svg>'}
          hint="Shown as an image: scripts and links inside the SVG never run."
          onChange={(e) => setSource({ type: "svg", code: e.target.value })}
        />
      )}
      <Field
        label="Alt text"
        value={text(c.alt)}
        hint="Describe the image for people who cannot see it."
        onChange={(e) => set({ alt: e.target.value })}
      />
      <Field label="Caption" value={text(c.caption)} onChange={(e) => set({ caption: e.target.value })} />
    </div>
  );
}

export const imageEditor: ContentEditor = { kind: "content", form: ImageForm };
