// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import type { Scorm2004Api } from "./find-api";
import { isoDuration } from "./time-formats";
import type { QuizOutcome, Resume, Tracker } from "./tracker";

/** cmi.suspend_data holds at least 64,000 characters in SCORM 2004 4th edition. */
const MAX_STATE = 64_000;

const round4 = (n: number) => String(Math.round(n * 10_000) / 10_000);

/**
 * One SCO's session with a SCORM 2004 4th edition LMS (RTE 4.2). Leaving unfinished suspends the
 * whole attempt (cmi.exit "suspend", adl.nav.request "suspendAll") so the LMS resumes it; leaving
 * finished ends it (cmi.exit "normal", adl.nav.request "exitAll").
 */
export function scorm2004Tracker(api: Scorm2004Api): Tracker {
  let active = false;
  let startedAt = 0;
  let completion = "";
  let success = "";
  let passingScore: number | null = null;
  /** A browse or review launch records no completion, success or score (RTE 4.2.13, cmi.mode). */
  let judging = true;

  const get = (element: string) => String(api.GetValue(element) ?? "");
  const set = (element: string, value: string) => api.SetValue(element, value) === "true";
  const commit = () => api.Commit("");

  return {
    kind: "scorm2004",
    maxState: MAX_STATE,
    async start(): Promise<Resume> {
      if (active) return { location: null, state: null };
      if (String(api.Initialize("")) !== "true") return { location: null, state: null };
      active = true;
      startedAt = Date.now();
      judging = !["browse", "review"].includes(get("cmi.mode"));
      completion = get("cmi.completion_status");
      success = get("cmi.success_status");
      if (judging && completion !== "completed" && set("cmi.completion_status", "incomplete")) completion = "incomplete";
      // Set by the LMS from the manifest's imsss:minNormalizedMeasure (or its own rule).
      const passing = get("cmi.scaled_passing_score");
      passingScore = passing !== "" && Number.isFinite(Number(passing)) ? Number(passing) : null;
      commit();
      // The LMS keeps location and suspend data only for a resumed attempt; a new one reads "".
      const location = get("cmi.location");
      const state = get("cmi.suspend_data");
      return { location: location || null, state: state || null };
    },
    save({ location, state, measure }) {
      if (!active) return;
      set("cmi.location", location);
      if (state.length <= MAX_STATE) set("cmi.suspend_data", state);
      if (judging && completion !== "completed") set("cmi.progress_measure", round4(Math.min(1, Math.max(0, measure))));
      commit();
    },
    complete() {
      if (!active || !judging) return;
      set("cmi.progress_measure", "1");
      if (set("cmi.completion_status", "completed")) completion = "completed";
      commit();
    },
    score(outcome: QuizOutcome) {
      // Whatever decides completion, the score and its verdict are reported; once passed, they stay.
      if (!active || !judging || success === "passed") return;
      set("cmi.score.scaled", round4(outcome.scaled));
      set("cmi.score.min", String(outcome.min));
      set("cmi.score.max", String(outcome.max));
      set("cmi.score.raw", String(outcome.raw));
      const passed = passingScore === null ? outcome.passed : outcome.scaled >= passingScore;
      if (set("cmi.success_status", passed ? "passed" : "failed")) success = passed ? "passed" : "failed";
      commit();
    },
    finish({ suspend }) {
      if (!active) return;
      active = false;
      set("cmi.session_time", isoDuration(Date.now() - startedAt));
      set("cmi.exit", suspend ? "suspend" : "normal");
      set("adl.nav.request", suspend ? "suspendAll" : "exitAll");
      commit();
      api.Terminate("");
    },
  };
}
