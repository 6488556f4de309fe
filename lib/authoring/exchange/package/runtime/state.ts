// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).

/**
 * A quiz's answers: per question, the indexes of the options chosen; `submitted` once scored;
 * `passed` once a submission reached the passing score (it stays, as the LMS's verdict does).
 */
export type QuizState = { answers: number[][]; submitted: boolean; passed?: boolean };

/** What the package resumes from: the lessons viewed and each quiz's answers (by the quiz's place among the course's quizzes). */
export type PlayerState = { viewed: boolean[]; quizzes: Record<number, QuizState> };

const VERSION = "1";
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Options past this index are not kept: a mask must stay an exact integer. */
const MAX_OPTIONS = 48;

export const emptyState = (lessonCount: number): PlayerState => ({ viewed: Array<boolean>(lessonCount).fill(false), quizzes: {} });

function bits(flags: boolean[]): string {
  let out = "";
  for (let i = 0; i < flags.length; i += 6) {
    let v = 0;
    for (let b = 0; b < 6; b++) if (flags[i + b]) v |= 1 << b;
    out += DIGITS[v];
  }
  return out;
}

function unbits(text: string, count: number): boolean[] {
  return Array.from({ length: count }, (_, i) => {
    const v = DIGITS.indexOf(text[Math.floor(i / 6)] ?? "A");
    return v > 0 && (v & (1 << (i % 6))) !== 0;
  });
}

function mask(indexes: number[]): string {
  if (indexes.length === 0) return "";
  return [...new Set(indexes)]
    .filter((i) => Number.isInteger(i) && i >= 0 && i < MAX_OPTIONS)
    .reduce((m, i) => m + 2 ** i, 0)
    .toString(36);
}

function unmask(text: string): number[] {
  if (!text) return [];
  let m = parseInt(text, 36);
  if (!Number.isFinite(m)) return [];
  const out: number[] = [];
  for (let i = 0; m > 0 && i < MAX_OPTIONS; i++, m = Math.floor(m / 2)) if (m % 2) out.push(i);
  return out;
}

/**
 * The state as a short string for the LMS's suspend data (SCORM 1.2 keeps 4,096 characters):
 * `1~<viewed bits, 6 lessons a character>~<quiz>;<quiz>` where a quiz is `<index>[!|+]:<mask>,<mask>…`
 * (base 36; `!` once submitted, `+` once a submission passed; an option mask per question, empty
 * when unanswered).
 */
export function encodeState(state: PlayerState): string {
  const quizzes = Object.entries(state.quizzes)
    .map(([index, q]) => {
      const masks = q.answers.map(mask);
      while (masks.length && !masks[masks.length - 1]) masks.pop();
      const mark = q.passed ? "+" : q.submitted ? "!" : "";
      return `${Number(index).toString(36)}${mark}:${masks.join(",")}`;
    })
    .join(";");
  return `${VERSION}~${bits(state.viewed)}~${quizzes}`;
}

/** The state back from the LMS; anything it cannot read (another version, damage) starts afresh. */
export function decodeState(text: string | null, lessonCount: number): PlayerState {
  const [version, viewed, quizzes] = (text ?? "").split("~");
  if (version !== VERSION || viewed === undefined) return emptyState(lessonCount);
  const state: PlayerState = { viewed: unbits(viewed, lessonCount), quizzes: {} };
  for (const entry of (quizzes ?? "").split(";")) {
    const m = entry.match(/^([0-9a-z]+)([!+]?):([0-9a-z,]*)$/);
    if (!m) continue;
    const answers = m[3] ? m[3].split(",").map(unmask) : [];
    state.quizzes[parseInt(m[1], 36)] = m[2] === "+" ? { submitted: true, passed: true, answers } : { submitted: m[2] === "!", answers };
  }
  return state;
}

/**
 * The encoded state within `max` characters. When a course has more quizzes than the LMS keeps,
 * answers go first from quizzes not yet submitted, then from submitted ones, the final quiz last:
 * the lessons viewed and the final quiz decide completion.
 */
export function fitState(state: PlayerState, max: number, finalQuiz: number | null): string {
  let encoded = encodeState(state);
  if (encoded.length <= max) return encoded;
  const order = Object.keys(state.quizzes)
    .map(Number)
    .sort((a, b) => rank(state, a, finalQuiz) - rank(state, b, finalQuiz) || a - b);
  const quizzes = { ...state.quizzes };
  for (const index of order) {
    delete quizzes[index];
    encoded = encodeState({ ...state, quizzes });
    if (encoded.length <= max) return encoded;
  }
  // Only a course of some 24,000 lessons gets here; a cut string would not decode at all.
  return encoded;
}

const rank = (state: PlayerState, index: number, finalQuiz: number | null) =>
  index === finalQuiz ? 2 : state.quizzes[index].submitted ? 1 : 0;
