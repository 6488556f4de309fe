"use client";

import { useRef, useState } from "react";
import { ChoiceField } from "@/components/lesson-editor/form-controls";
import { Field } from "@/components/ui/field";
import {
  isStartTime,
  isWebUrl,
  parseYouTubeInput,
  START_TIME_RULE,
  wholeSeconds,
  YOUTUBE_ID_RULE,
} from "@/lib/authoring/blocks/block-content";
import { parseVideo, type VideoSource } from "@/lib/authoring/blocks/types/video";
import { rec, text, type ContentEditor, type ContentFormProps, type Rec } from "../editor-kit";

const formatTime = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const sec = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
};

export function VideoForm({ content, onChange }: ContentFormProps) {
  const c = rec(content);
  const source: VideoSource = parseVideo(content)?.source ?? { type: "youtube", id: "", start: 0 };
  const other = useRef({
    youtube: source.type === "youtube" ? source : { type: "youtube" as const, id: "", start: 0 },
    url: source.type === "url" ? source.url : "",
  });
  const [idText, setIdText] = useState(source.type === "youtube" ? source.id : "");
  const [startText, setStartText] = useState(source.type === "youtube" && source.start ? String(source.start) : "");
  const [urlText, setUrlText] = useState(source.type === "url" ? source.url : "");
  const [startBadInput, setStartBadInput] = useState(false);
  const set = (patch: Rec) => onChange({ ...c, source, title: text(c.title), caption: text(c.caption), ...patch });
  const setSource = (s: VideoSource) => {
    if (s.type === "youtube") other.current.youtube = s;
    else other.current.url = s.url;
    set({ source: s });
  };
  // What the form cannot play is not saved: the block keeps its last valid video, and the field says why.
  const idInvalid = idText.trim() !== "" && !parseYouTubeInput(idText);
  const startInvalid = startBadInput || (startText.trim() !== "" && !isStartTime(startText));
  const urlInvalid = urlText.trim() !== "" && !isWebUrl(urlText);

  return (
    <div className="space-y-4">
      <ChoiceField
        legend="Video source"
        value={source.type}
        choices={[
          { value: "youtube", label: "YouTube" },
          { value: "url", label: "Video file URL" },
        ]}
        onChange={(t) => setSource(t === "youtube" ? other.current.youtube : { type: "url", url: other.current.url })}
      />
      {source.type === "youtube" ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field
            label="YouTube video ID or link"
            value={idText}
            placeholder="dQw4w9WgXcQ or https://youtu.be/…"
            error={idInvalid ? `Not saved: this is not ${YOUTUBE_ID_RULE}.` : undefined}
            hint={idText.includes("/") && !idInvalid ? `Video ID: ${source.id}` : undefined}
            onChange={(e) => {
              const raw = e.target.value;
              setIdText(raw);
              const parsed = parseYouTubeInput(raw);
              if (raw.trim() && !parsed) return;
              const start = parsed?.start ?? source.start;
              if (parsed?.start !== undefined) {
                setStartText(parsed.start ? String(parsed.start) : "");
                setStartBadInput(false);
              }
              setSource({ type: "youtube", id: parsed ? parsed.id : "", start });
            }}
          />
          <Field
            label="Start at (seconds)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0"
            value={startText}
            error={startInvalid ? `Not saved: the start is ${START_TIME_RULE}.` : undefined}
            hint={source.start ? `Starts at ${formatTime(source.start)}` : undefined}
            onChange={(e) => {
              // A number field reports "" for what it cannot read ("1e", "--"): that is refused too.
              const unreadable = e.target.validity.badInput;
              setStartText(e.target.value);
              setStartBadInput(unreadable);
              if (unreadable || !isStartTime(e.target.value)) return;
              setSource({ ...source, start: wholeSeconds(e.target.value) });
            }}
          />
        </div>
      ) : (
        <Field
          label="Video URL"
          type="url"
          placeholder="https://…/lecture.mp4"
          value={urlText}
          error={urlInvalid ? "Not saved: use an http or https address of a video file." : undefined}
          hint="A video file the browser can play (MP4, WebM)."
          onChange={(e) => {
            setUrlText(e.target.value);
            if (!e.target.value.trim() || isWebUrl(e.target.value)) setSource({ type: "url", url: e.target.value });
          }}
        />
      )}
      <Field
        label="Video title"
        value={text(c.title)}
        hint="Read out by screen readers."
        onChange={(e) => set({ title: e.target.value })}
      />
      <Field label="Caption" value={text(c.caption)} onChange={(e) => set({ caption: e.target.value })} />
    </div>
  );
}

export const videoEditor: ContentEditor = { kind: "content", form: VideoForm };
