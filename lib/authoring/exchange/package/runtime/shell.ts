// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import type { PlayerConfig } from "../package-data";
import type { PackageHost, PackageWindow } from "./host";
import { decodeState, emptyState, fitState, type PlayerState } from "./state";
import type { Tracker } from "./tracker";

/**
 * The shell page (index.html, the launch file): one LMS session for the whole course, the course's
 * navigation and progress, and the lessons shown one at a time in its frame.
 */
export function startShell(config: PlayerConfig, tracker: Tracker) {
  const lessons = config.lessons;
  const frame = document.querySelector<HTMLIFrameElement>("iframe[name=lesson]")!;
  const nav = document.getElementById("course-nav")!;
  const menu = document.querySelector<HTMLButtonElement>("[data-menu-toggle]")!;
  const previous = document.querySelector<HTMLButtonElement>("[data-previous]")!;
  const next = document.querySelector<HTMLButtonElement>("[data-next]")!;
  const exit = document.querySelector<HTMLButtonElement>("[data-exit]")!;
  const status = document.querySelector<HTMLElement>("[data-status]")!;
  const links = [...nav.querySelectorAll<HTMLAnchorElement>("a[data-lesson-index]")];
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
  const complete = () => {
    if (completed || finished) return;
    completed = true;
    tracker.complete();
  };
  const finish = () => {
    if (finished) return;
    save();
    finished = true;
    tracker.finish({ suspend: !completed });
  };

  const showProgress = () => {
    const percent = lessons.length ? Math.round((100 * viewedCount()) / lessons.length) : 100;
    const bar = document.querySelector<HTMLElement>("[role=progressbar]")!;
    bar.setAttribute("aria-valuenow", String(percent));
    bar.setAttribute("aria-valuetext", `${percent}%`);
    document.querySelector<HTMLElement>("[data-progress-bar]")!.style.width = `${percent}%`;
    document.querySelector<HTMLElement>("[data-progress-text]")!.textContent = `${viewedCount()} of ${lessons.length} lessons viewed`;
    for (const mark of document.querySelectorAll<HTMLElement>("[data-viewed]")) mark.hidden = !state.viewed[Number(mark.dataset.viewed)];
  };

  const open = (index: number) => {
    if (index < 0 || index >= lessons.length) return;
    frame.src = lessons[index].href;
  };

  const setMenu = (isOpen: boolean) => {
    menu.setAttribute("aria-expanded", String(isOpen));
    nav.classList.toggle("hidden", !isOpen);
  };

  /** A lesson page finished loading in the frame (by Previous/Next, the nav, or a link). */
  const shown = (index: number) => {
    current = index;
    state.viewed[index] = true;
    frame.title = lessons[index].title;
    for (const a of links) {
      if (Number(a.dataset.lessonIndex) === index) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    previous.disabled = index === 0;
    next.disabled = index === lessons.length - 1;
    showProgress();
    save();
    if (!byQuiz && state.viewed.every(Boolean)) complete();
  };

  const host: PackageHost = {
    quiz: (index) => state.quizzes[index] ?? null,
    answer: (index, answers, percentage) => {
      state.quizzes[index] = { answers, submitted: percentage !== undefined };
      if (percentage !== undefined && byQuiz && index === config.final_quiz) {
        tracker.score({ raw: percentage, min: 0, max: 100, scaled: percentage / 100, passed: percentage >= config.passing_score });
        // A resubmission scores again; the course was completed by the first.
        complete();
      }
      save();
    },
  };
  (window as PackageWindow).coursePackage = host;

  frame.addEventListener("load", () => {
    let path = "";
    try {
      path = frame.contentWindow?.location.pathname ?? "";
    } catch {
      return; // A page of another origin (a link the learner followed): not a lesson.
    }
    const index = lessons.findIndex((l) => path.endsWith(`/${l.href}`));
    if (index >= 0) shown(index);
  });
  previous.addEventListener("click", () => open(current - 1));
  next.addEventListener("click", () => open(current + 1));
  menu.addEventListener("click", () => setMenu(menu.getAttribute("aria-expanded") !== "true"));
  // On a phone the menu covers the lesson: a lesson chosen closes it.
  for (const a of links) a.addEventListener("click", () => setMenu(false));
  exit.addEventListener("click", () => {
    finish();
    exit.disabled = true;
    status.textContent = completed ? "Course complete. You can close this window." : "Your progress is saved. You can close this window.";
  });
  window.addEventListener("pagehide", finish);

  tracker
    .start()
    .catch(() => ({ location: null, state: null }))
    .then((resume) => {
      state = decodeState(resume.state, lessons.length);
      completed = byQuiz ? !!state.quizzes[config.final_quiz!]?.submitted : false;
      showProgress();
      const at = lessons.findIndex((l) => l.href === resume.location);
      open(at >= 0 ? at : 0);
    });
}
