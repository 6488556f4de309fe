"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { VISUAL_STATUSES } from "@/components/blocks/text-blocks";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { QUESTION_ROLE_LABELS } from "@/lib/authoring/blocks/block-content";
import {
  INTERACTIVE_HEIGHT,
  parseDiagram,
  parseGlossary,
  parseImage,
  parseInteractive,
  parseMarkdown,
  parseScenario,
  parseVideo,
  parseVisual,
  isStartTime,
  isWebUrl,
  parseYouTubeInput,
  START_TIME_RULE,
  wholeSeconds,
  YOUTUBE_ID_RULE,
  type ImageSource,
  type VideoSource,
} from "@/lib/authoring/blocks/block-content";
import { isQuestionRole } from "./block-types";
import { ChoiceField, SelectField, TextAreaField } from "./form-controls";
import { useQuestionBank, type QuestionDto, type QuestionRole, type QuizSummaryDto } from "./queries";

type Rec = Record<string, unknown>;
const rec = (c: unknown): Rec => (typeof c === "object" && c !== null && !Array.isArray(c) ? (c as Rec) : {});
const text = (v: unknown) => (typeof v === "string" ? v : "");

/** Content forms edit the stored object in place, so keys they do not know (an agent's) survive. */
export type ContentFormProps = { content: unknown; onChange: (next: unknown) => void };

const MARKDOWN_HINT = "Markdown: **bold**, _italic_, lists, [links](https://…), tables. HTML is shown as text.";

export function MarkdownForm({ content, onChange, label }: ContentFormProps & { label: string }) {
  const body = parseMarkdown(content)?.body ?? "";
  return (
    <TextAreaField
      label={label}
      rows={8}
      value={body}
      hint={MARKDOWN_HINT}
      onChange={(e) => onChange({ ...rec(content), body: e.target.value })}
    />
  );
}

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

const QUESTION_TYPE_LABELS: Record<string, string> = {
  single_choice: "single choice",
  multiple_choice: "multiple choice",
  true_false: "true/false",
};
const clip = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function questionOptionLabel(q: QuestionDto) {
  return `${clip(q.prompt)} (${QUESTION_TYPE_LABELS[q.question_type] ?? q.question_type})`;
}

/**
 * A question block's question and role. The question shows as it is; the project's bank (every
 * question with its options: megabytes in a big project) is read only when the author asks to
 * change it, not whenever a lesson holds a question block.
 */
export function QuestionRefForm({
  projectId,
  questionId,
  current,
  role,
  onChange,
}: {
  projectId: string;
  questionId: string;
  /** The question the block shows now; null when it has left the bank. */
  current: QuestionDto | null | undefined;
  role: string;
  onChange: (patch: { question_id?: string; question_role?: QuestionRole }) => void;
}) {
  const [changing, setChanging] = useState(false);
  const bank = useQuestionBank(projectId, changing);
  const select = useRef<HTMLSelectElement>(null);
  // The button that asked for the list is gone: focus moves to the list once it can take it.
  useEffect(() => {
    if (changing && !bank.isPending) select.current?.focus();
  }, [changing, bank.isPending]);
  const inBank = bank.data?.some((q) => q.id === questionId) ?? false;
  const bankLink = (
    <Link href={`/projects/${projectId}/questions`} className="text-brand-600 underline">
      Edit questions in the question bank
    </Link>
  );
  return (
    <div className="space-y-4">
      {changing ? (
        <SelectField
          ref={select}
          label="Question"
          value={questionId}
          disabled={bank.isPending}
          error={bank.isError ? "Could not load the question bank." : undefined}
          hint={bankLink}
          onChange={(e) => onChange({ question_id: e.target.value })}
        >
          {bank.isPending ? <option value={questionId}>Loading questions…</option> : null}
          {!bank.isPending && !inBank ? <option value={questionId}>{NOT_IN_BANK}</option> : null}
          {bank.data?.map((q) => (
            <option key={q.id} value={q.id}>
              {questionOptionLabel(q)}
            </option>
          ))}
        </SelectField>
      ) : (
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-700">Question</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="min-w-0 flex-1 break-words text-sm text-slate-900" data-testid="current-question">
              {current ? questionOptionLabel(current) : NOT_IN_BANK}
            </p>
            <Button type="button" variant="secondary" className="py-1.5" onClick={() => setChanging(true)}>
              Change question…
            </Button>
          </div>
          <p className="text-xs text-slate-500">{bankLink}</p>
        </div>
      )}
      <SelectField
        label="Role"
        value={role}
        onChange={(e) => {
          const value = e.target.value;
          if (isQuestionRole(value)) onChange({ question_role: value });
        }}
      >
        {Object.entries(QUESTION_ROLE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

const NOT_IN_BANK = "(This question is no longer in the bank)";

export function QuizRefForm({
  projectId,
  quizId,
  quizzes,
  onChange,
}: {
  projectId: string;
  quizId: string;
  quizzes: { data?: QuizSummaryDto[]; isPending: boolean; isError: boolean };
  onChange: (quizId: string) => void;
}) {
  const listed = quizzes.data?.some((q) => q.id === quizId) ?? false;
  return (
    <SelectField
      label="Quiz"
      value={quizId}
      disabled={quizzes.isPending}
      error={quizzes.isError ? "Could not load the quizzes." : undefined}
      hint={
        <Link href={`/projects/${projectId}/quizzes`} className="text-brand-600 underline">
          Edit quizzes
        </Link>
      }
      onChange={(e) => onChange(e.target.value)}
    >
      {quizzes.isPending ? <option value={quizId}>Loading quizzes…</option> : null}
      {!quizzes.isPending && !listed ? <option value={quizId}>(This quiz is no longer available)</option> : null}
      {quizzes.data?.map((q) => (
        <option key={q.id} value={q.id}>
          {clip(q.title)} ({q.question_count} {q.question_count === 1 ? "question" : "questions"})
        </option>
      ))}
    </SelectField>
  );
}
