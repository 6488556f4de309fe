// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).

/** What the package tells its LMS, whichever standard carries it (SCORM 1.2, SCORM 2004, cmi5) or none. */
export type PackageConfig = {
  format: "scorm12" | "scorm2004" | "cmi5";
  completion: "viewed" | "quiz";
  passing_score: number;
  /** cmi5: the AU's id as cmi5.xml names it (the launch's activityId is the LMS's own). */
  au_id: string;
};

/** Where the learner left off, as the LMS gave it back: null on a first attempt. */
export type Resume = { location: string | null; state: string | null };

/** The course's quiz result, as the package scored it (scoreAnswer, the server's rule): questions right of questions asked, and that share (0..1). */
export type QuizOutcome = { raw: number; min: number; max: number; scaled: number; passed: boolean };

/**
 * One learner session with an LMS: started once when the package opens, finished once when it
 * closes. The player calls it; an adapter per standard implements it (./scorm12.ts, ./scorm2004.ts,
 * ./cmi5.ts), and `noTracker` when no LMS is found (a plain web course).
 */
export type Tracker = {
  /** Which LMS runtime was found, for the player's status line; "none" for a plain web course. */
  readonly kind: "scorm12" | "scorm2004" | "cmi5" | "none";
  /** Initialises the session and reads what was saved (location and suspend data). */
  start(): Promise<Resume>;
  /** Saves progress: the lesson shown, the state to resume from, the share of lessons viewed (0..1). */
  save(progress: { location: string; state: string; measure: number }): void;
  /** Every lesson viewed (completion=viewed), or the quiz answered (completion=quiz). */
  complete(): void;
  /** The course's quiz was submitted and scored (completion=quiz only). */
  score(outcome: QuizOutcome): void;
  /** Ends the session; `suspend` when the learner leaves unfinished, so the LMS resumes the attempt. */
  finish(options: { suspend: boolean }): void;
  /** The most state the LMS keeps (SCORM 1.2: 4,096 characters; 2004: 64,000). */
  readonly maxState: number;
};

export const noTracker: Tracker = {
  kind: "none",
  start: async () => ({ location: null, state: null }),
  save: () => {},
  complete: () => {},
  score: () => {},
  finish: () => {},
  maxState: 64_000,
};
