// What the renderers of several block types share: the block as they read it, web addresses,
// YouTube links, the words for questions. Each type's content (its shape and parser) is in ./types/.

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
