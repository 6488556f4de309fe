// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import type { PlayerConfig } from "../package-data";
import type { PackageHost, QuizScore } from "./host";
import { decodeState, emptyState, fitState, type PlayerState } from "./state";
import type { Resume, Tracker } from "./tracker";

/**
 * The course's one LMS session, as the shell drives it: what is saved when a lesson is shown or a
 * quiz answered, when the course is complete, and how it ends. The shell (./shell.ts) only wires
 * the page's events to it.
 */
export function createSession(config: PlayerConfig, tracker: Tracker) {
  const lessons = config.lessons;
  // completion=quiz without a quiz block in the course: nothing could ever complete it, so viewing does.
  const byQuiz = config.completion === "quiz" && config.final_quiz !== null;
  let state: PlayerState = emptyState(lessons.length);
  let current = -1;
  let completed = false;
  let finished = false;

  const viewedCount = () => state.viewed.filter(Boolean).length;
  const save = () => {
    if (current < 0 || finished) return;
    tracker.save({
      location: lessons[current].href,
      state: fitState(state, tracker.maxState, config.final_quiz),
      measure: lessons.length ? viewedCount() / lessons.length : 1,
    });
  };
  const isFinished = () => completed && (config.final_quiz === null || !!state.quizzes[config.final_quiz]?.passed);
  const complete = () => {
    if (completed || finished) return;
    completed = true;
    tracker.complete();
  };

  return {
    get state() {
      return state;
    },
    get current() {
      return current;
    },
    get isCompleted() {
      return completed;
    },
    /** Percent of lessons viewed, for the progress bar. */
    progress: () => (lessons.length ? Math.round((100 * viewedCount()) / lessons.length) : 100),
    viewedCount,

    /** What the LMS gave back at start: the state restored; answers the lesson to open. */
    resume(resume: Resume): number {
      state = decodeState(resume.state, lessons.length);
      // An attempt whose final quiz was submitted was completed then (the LMS keeps that).
      completed = byQuiz && !!state.quizzes[config.final_quiz!]?.submitted;
      const at = lessons.findIndex((l) => l.href === resume.location);
      return at >= 0 ? at : 0;
    },

    /** A lesson page is showing: it counts as viewed, and is where the learner resumes. */
    shown(index: number) {
      current = index;
      state.viewed[index] = true;
      save();
      if (!byQuiz && state.viewed.every(Boolean)) complete();
    },

    quiz: ((index: number) => state.quizzes[index] ?? null) satisfies PackageHost["quiz"],

    answer: ((index: number, answers: number[][], score?: QuizScore) => {
      const passed = score !== undefined && score.percentage >= config.passing_score;
      // A pass stays a pass, as the LMS's verdict does; a later submission only scores again.
      const everPassed = passed || !!state.quizzes[index]?.passed;
      state.quizzes[index] = { answers, submitted: score !== undefined, ...(everPassed ? { passed: true } : {}) };
      if (score !== undefined && index === config.final_quiz) {
        // Whatever decides completion, the LMS's gradebook gets the final quiz's score. The counts
        // as they are (SCORM 2004 and cmi5 carry raw/min/max); scaled is the share right.
        const scaled = score.total === 0 ? 0 : score.correct / score.total;
        tracker.score({ raw: score.correct, min: 0, max: score.total, scaled, passed });
        // A resubmission scores again; the course was completed by the first.
        if (byQuiz) complete();
      }
      save();
    }) satisfies PackageHost["answer"],

    /**
     * The learner has nothing left to do: the course is complete and its final quiz, if it has
     * one, passed. Only then does leaving end the attempt; anything less suspends it, so the LMS
     * hands back the place and the answers (SCORM 2004 keeps them only for cmi.exit "suspend").
     */
    get isFinished() {
      return isFinished();
    },

    /** Ends the session once (Exit, or the page going away): suspended unless finished (above). */
    finish() {
      if (finished) return;
      save();
      finished = true;
      tracker.finish({ suspend: !isFinished() });
    },
  };
}

export type Session = ReturnType<typeof createSession>;
