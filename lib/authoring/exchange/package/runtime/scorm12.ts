// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import type { Scorm12Api } from "./find-api";
import { scorm12Timespan } from "./time-formats";
import type { PackageConfig, QuizOutcome, Resume, Tracker } from "./tracker";

/** cmi.suspend_data is a CMIString4096 in SCORM 1.2. */
const MAX_STATE = 4096;

/** A status the learner has earned, which a later call never takes back. */
const FINAL = new Set(["completed", "passed"]);

/**
 * One SCO's session with a SCORM 1.2 LMS (SCORM 1.2 RTE, cmi.core.*). The score goes out as a
 * percentage (min 0, max 100) because the LMS compares cmi.core.score.raw with the manifest's
 * adlcp:masteryscore, which is a percentage.
 */
export function scorm12Tracker(api: Scorm12Api, config: PackageConfig): Tracker {
  let active = false;
  let startedAt = 0;
  let status = "";
  let masteryScore: number | null = null;
  /** A passing score was recorded this session (completion=viewed keeps the status "completed"). */
  let passedScore = false;
  /** A browse or review launch records no status or score (RTE 3.4.2.1.9, cmi.core.lesson_mode). */
  let judging = true;

  const get = (element: string) => String(api.LMSGetValue(element) ?? "");
  const set = (element: string, value: string) => api.LMSSetValue(element, value) === "true";
  const commit = () => api.LMSCommit("");

  function setStatus(next: "incomplete" | "completed" | "passed" | "failed") {
    if (FINAL.has(status) && !(status === "completed" && (next === "passed" || next === "failed"))) return;
    if (set("cmi.core.lesson_status", next)) status = next;
  }

  return {
    kind: "scorm12",
    maxState: MAX_STATE,
    async start(): Promise<Resume> {
      if (active) return { location: null, state: null };
      if (String(api.LMSInitialize("")) !== "true") return { location: null, state: null };
      active = true;
      startedAt = Date.now();
      judging = !["browse", "review"].includes(get("cmi.core.lesson_mode"));
      status = get("cmi.core.lesson_status");
      if (judging && (status === "" || status === "not attempted")) setStatus("incomplete");
      const mastery = get("cmi.student_data.mastery_score");
      masteryScore = mastery !== "" && Number.isFinite(Number(mastery)) ? Number(mastery) : null;
      commit();
      const location = get("cmi.core.lesson_location");
      const state = get("cmi.suspend_data");
      return { location: location || null, state: state || null };
    },
    save({ location, state }) {
      if (!active) return;
      set("cmi.core.lesson_location", location);
      if (state.length <= MAX_STATE) set("cmi.suspend_data", state);
      commit();
    },
    complete() {
      // With completion=quiz the status is the quiz's verdict (score), not "completed".
      if (!active || !judging || config.completion !== "viewed") return;
      setStatus("completed");
      commit();
    },
    score(outcome: QuizOutcome) {
      // Once passed, a later submission changes neither the grade nor the status.
      if (!active || !judging || status === "passed" || passedScore) return;
      const percent = Math.round(outcome.scaled * 10000) / 100;
      set("cmi.core.score.min", "0");
      set("cmi.core.score.max", "100");
      set("cmi.core.score.raw", String(percent));
      // The LMS's mastery score, when it gives one, is the rule it will judge the status by.
      const passed = masteryScore === null ? outcome.passed : percent >= masteryScore;
      passedScore = passed;
      // With completion=viewed the status says the lessons were viewed; the score still goes to the gradebook.
      if (config.completion === "quiz") setStatus(passed ? "passed" : "failed");
      commit();
    },
    finish({ suspend }) {
      if (!active) return;
      active = false;
      set("cmi.core.session_time", scorm12Timespan(Date.now() - startedAt));
      set("cmi.core.exit", suspend ? "suspend" : "");
      commit();
      api.LMSFinish("");
    },
  };
}
