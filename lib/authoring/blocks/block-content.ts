// Block content is stored as given (contract.md, Blocks): every renderer reads it through these
// parsers, which answer null for a shape they do not recognise so the block renders empty.

export type QuestionOptionView = { id: string; label: string; sort_order: number; is_correct?: boolean };
export type QuestionView = {
  id: string;
  prompt: string;
  question_type: "true_false" | "single_choice" | "multiple_choice" | (string & {});
  options: QuestionOptionView[];
};

/** The fields of a Block DTO the renderers read; the learner view may pass a narrower object. */
export type BlockLike = {
  id: string;
  type: string;
  content: unknown;
  question_role?: string | null;
  question_id?: string | null;
  question?: QuestionView | null;
  quiz_id?: string | null;
  quiz?: { id: string; title: string } | null;
};

export type MarkdownContent = { body: string };
export type ScenarioContent = { body: string; reveal: string };
export type GlossaryContent = { title: string; terms: { term: string; definition: string }[] };
export type ImageSource = { type: "url"; url: string } | { type: "svg"; code: string };
export type ImageContent = { source: ImageSource; alt: string; caption: string };
export type VideoSource = { type: "youtube"; id: string; start: number } | { type: "url"; url: string };
export type VideoContent = { source: VideoSource; title: string; caption: string };
export type DiagramContent = { source: { type: "mermaid"; code: string }; caption: string };
export type InteractiveContent = { source: { type: "html"; code: string }; title: string; caption: string; height: number };
export type VisualContent = { prompt: string; status: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const optionalStringOk = (v: unknown) => v === undefined || v === null || typeof v === "string";

export function parseMarkdown(content: unknown): MarkdownContent | null {
  if (!isObject(content) || typeof content.body !== "string") return null;
  return { body: content.body };
}

export function parseScenario(content: unknown): ScenarioContent | null {
  if (!isObject(content) || typeof content.body !== "string" || !optionalStringOk(content.reveal)) return null;
  return { body: content.body, reveal: str(content.reveal) };
}

export function parseGlossary(content: unknown): GlossaryContent | null {
  if (!isObject(content) || !optionalStringOk(content.title) || !Array.isArray(content.terms)) return null;
  const terms = content.terms.filter(isObject).map((t) => ({ term: str(t.term), definition: str(t.definition) }));
  if (terms.length !== content.terms.length) return null;
  return { title: str(content.title), terms };
}

export function parseImage(content: unknown): ImageContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  const { source } = content;
  const base = { alt: str(content.alt), caption: str(content.caption) };
  if (source.type === "url" && typeof source.url === "string") return { source: { type: "url", url: source.url }, ...base };
  if (source.type === "svg" && typeof source.code === "string") return { source: { type: "svg", code: source.code }, ...base };
  return null;
}

export function parseVideo(content: unknown): VideoContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  const { source } = content;
  const base = { title: str(content.title), caption: str(content.caption) };
  if (source.type === "youtube" && typeof source.id === "string") {
    return { source: { type: "youtube", id: source.id, start: wholeSeconds(source.start) }, ...base };
  }
  if (source.type === "url" && typeof source.url === "string") return { source: { type: "url", url: source.url }, ...base };
  return null;
}

export function parseDiagram(content: unknown): DiagramContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  if (content.source.type !== "mermaid" || typeof content.source.code !== "string") return null;
  return { source: { type: "mermaid", code: content.source.code }, caption: str(content.caption) };
}

export const INTERACTIVE_HEIGHT = { default: 400, min: 100, max: 2000 } as const;

export function clampHeight(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return INTERACTIVE_HEIGHT.default;
  return Math.min(INTERACTIVE_HEIGHT.max, Math.max(INTERACTIVE_HEIGHT.min, Math.round(n)));
}

export function parseInteractive(content: unknown): InteractiveContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  if (content.source.type !== "html" || typeof content.source.code !== "string") return null;
  return {
    source: { type: "html", code: content.source.code },
    title: str(content.title),
    caption: str(content.caption),
    height: clampHeight(content.height),
  };
}

export function parseVisual(content: unknown): VisualContent | null {
  if (!isObject(content) || typeof content.prompt !== "string" || !optionalStringOk(content.status)) return null;
  return { prompt: content.prompt, status: str(content.status) };
}

/** A start time as whole, non-negative seconds: "90", 90.7 and -3 give 90, 90 and 0. */
export function wholeSeconds(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The privacy-enhanced player of a YouTube video, from `start` seconds. */
export function youTubeEmbedUrl(id: string, start: number) {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?start=${start}`;
}

/** A start time the player can use: absent, or seconds from 0 (a number or its digits; fractions are dropped). */
export function isStartTime(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "number") return Number.isFinite(value) && value >= 0;
  return typeof value === "string" && /^\d+(\.\d*)?$/.test(value.trim());
}

export const START_TIME_RULE = "a number of seconds, 0 or more";
export const YOUTUBE_ID_RULE = "a YouTube link or a video ID (6 to 20 letters, digits, - or _)";

/**
 * Why a video block's content would not play as its author meant, or null when it would. One rule
 * for the video form (which refuses such input) and the checks before publishing (which name the
 * blocks stored so by an agent or before the form refused it).
 */
export function videoProblem(content: unknown): string | null {
  const video = parseVideo(content);
  if (!video) return "Its content is not a video the app can show.";
  const { source } = video;
  if (source.type === "url") {
    if (!source.url.trim()) return "It has no video address yet.";
    return isWebUrl(source.url) ? null : "Its video address cannot be played (use an http or https link).";
  }
  if (!source.id.trim()) return "It has no YouTube video yet.";
  if (!YOUTUBE_ID.test(source.id)) return `“${source.id}” is not a YouTube video ID: use ${YOUTUBE_ID_RULE}.`;
  const start = (content as { source: { start?: unknown } }).source.start;
  if (!isStartTime(start)) return `Its start time (${JSON.stringify(start)}) is not ${START_TIME_RULE}.`;
  return null;
}

/** Only web addresses (and same-site paths) are loaded into img and video elements. */
export function isWebUrl(value: string): boolean {
  const v = value.trim();
  if (v.startsWith("/") && !v.startsWith("//")) return true;
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * A YouTube id and start time from what an author pastes: an id, or a watch/share/embed link
 * (with t= or start= in seconds or 1m30s form). Null when nothing usable is found.
 */
export function parseYouTubeInput(input: string): { id: string; start?: number } | null {
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return { id: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1).split("/")[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id = url.searchParams.get("v") ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const t = url.searchParams.get("t") ?? url.searchParams.get("start");
  if (!t) return { id };
  const m = t.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/);
  const start = m ? Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : 0;
  return { id, start };
}

/** What a question block's role is called, wherever the block is shown (the app, a course package). */
export const QUESTION_ROLE_LABELS: Record<string, string> = {
  practice: "Practice",
  checkpoint: "Checkpoint",
  assessment: "Assessment",
  review: "Review",
};

/** What a learner is told to do, by question type. */
export const QUESTION_INSTRUCTIONS: Record<string, string> = {
  single_choice: "Choose one answer.",
  true_false: "True or false?",
  multiple_choice: "Choose all answers that apply.",
};

export const BLOCK_TYPE_LABELS: Record<string, string> = {
  text: "Text",
  example: "Example",
  scenario: "Scenario",
  glossary: "Glossary",
  image: "Image",
  video: "Video",
  diagram: "Diagram",
  interactive: "Interactive",
  question: "Question",
  quiz: "Quiz",
  visual: "Visual",
};

export const blockTypeLabel = (type: string) => BLOCK_TYPE_LABELS[type] ?? "Unknown block";
