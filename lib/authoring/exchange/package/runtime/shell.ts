// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import type { PlayerConfig } from "../package-data";
import type { PackageHost, PackageWindow } from "./host";
import { createSession } from "./session";
import type { Tracker } from "./tracker";

/**
 * The shell page (index.html, the launch file): one LMS session for the whole course, the course's
 * navigation and progress, and the lessons shown one at a time in its frame.
 */
export function startShell(config: PlayerConfig, tracker: Tracker) {
  const session = createSession(config, tracker);
  const lessons = config.lessons;
  const frame = document.querySelector<HTMLIFrameElement>("iframe[name=lesson]")!;
  const nav = document.getElementById("course-nav")!;
  const menu = document.querySelector<HTMLButtonElement>("[data-menu-toggle]")!;
  const previous = document.querySelector<HTMLButtonElement>("[data-previous]")!;
  const next = document.querySelector<HTMLButtonElement>("[data-next]")!;
  const exit = document.querySelector<HTMLButtonElement>("[data-exit]")!;
  const status = document.querySelector<HTMLElement>("[data-status]")!;
  const links = [...nav.querySelectorAll<HTMLAnchorElement>("a[data-lesson-index]")];

  const showProgress = () => {
    const percent = session.progress();
    const bar = document.querySelector<HTMLElement>("[role=progressbar]")!;
    bar.setAttribute("aria-valuenow", String(percent));
    bar.setAttribute("aria-valuetext", `${percent}%`);
    document.querySelector<HTMLElement>("[data-progress-bar]")!.style.width = `${percent}%`;
    document.querySelector<HTMLElement>("[data-progress-text]")!.textContent =
      `${session.viewedCount()} of ${lessons.length} lessons viewed`;
    for (const mark of document.querySelectorAll<HTMLElement>("[data-viewed]"))
      mark.hidden = !session.state.viewed[Number(mark.dataset.viewed)];
  };

  const open = (index: number) => {
    if (index >= 0 && index < lessons.length) frame.src = lessons[index].href;
  };

  const setMenu = (isOpen: boolean) => {
    menu.setAttribute("aria-expanded", String(isOpen));
    nav.classList.toggle("hidden", !isOpen);
  };

  /** A lesson page finished loading in the frame (by Previous/Next, the nav, or a link). */
  const shown = (index: number) => {
    session.shown(index);
    frame.title = lessons[index].title;
    for (const a of links) {
      if (Number(a.dataset.lessonIndex) === index) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    previous.disabled = index === 0;
    next.disabled = index === lessons.length - 1;
    showProgress();
  };

  const host: PackageHost = { quiz: session.quiz, answer: session.answer };
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
  previous.addEventListener("click", () => open(session.current - 1));
  next.addEventListener("click", () => open(session.current + 1));
  menu.addEventListener("click", () => setMenu(menu.getAttribute("aria-expanded") !== "true"));
  // On a phone the menu covers the lesson: a lesson chosen closes it.
  for (const a of links) a.addEventListener("click", () => setMenu(false));
  exit.addEventListener("click", () => {
    session.finish();
    exit.disabled = true;
    status.textContent = session.isCompleted
      ? "Course complete. You can close this window."
      : "Your progress is saved. You can close this window.";
  });
  window.addEventListener("pagehide", () => session.finish());

  tracker
    .start()
    .catch(() => ({ location: null, state: null }))
    .then((resume) => {
      const at = session.resume(resume);
      showProgress();
      open(at);
    });
}
