// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).

/**
 * What the shell (index.html) offers the lesson page in its frame, as `window.coursePackage`: the
 * pages share an origin, so a lesson reads and reports its quiz answers here, and only the shell
 * talks to the LMS (one session for the whole course).
 */
export type PackageHost = {
  /** A quiz's saved answers (option indexes per question), to show again on resume; null when none. */
  quiz(index: number): { answers: number[][]; submitted: boolean } | null;
  /** The learner changed (`score` undefined) or submitted (scored `score`) a quiz's answers. */
  answer(index: number, answers: number[][], score?: QuizScore): void;
};

/** The shell's window, or the parent of a lesson page's. */
export type PackageWindow = Window & { coursePackage?: PackageHost };

/** A submitted quiz as scoreAttempt scored it: questions right, questions asked, and the percentage. */
export type QuizScore = { correct: number; total: number; percentage: number };
