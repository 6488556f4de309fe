// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import { cmi5Tracker, readCmi5Launch } from "./cmi5";
import { findScormApi } from "./find-api";
import { scorm12Tracker } from "./scorm12";
import { scorm2004Tracker } from "./scorm2004";
import { noTracker, type PackageConfig, type Resume, type Tracker } from "./tracker";

/**
 * Holds a tracker to the session's shape whatever the player does: one start (a second call gets
 * the first one's answer), nothing before start or after finish, one finish. Calls made while
 * start is still under way wait for it, in the order made.
 */
export function onceSession(inner: Tracker): Tracker {
  let started: Promise<Resume> | null = null;
  let finished = false;
  const after = (call: () => void) => {
    if (!started || finished) return;
    void started.then(call);
  };
  return {
    kind: inner.kind,
    maxState: inner.maxState,
    start: () => (started ??= inner.start()),
    save: (progress) => after(() => inner.save(progress)),
    complete: () => after(() => inner.complete()),
    score: (outcome) => after(() => inner.score(outcome)),
    finish: (options) => {
      if (!started || finished) return;
      finished = true;
      void started.then(() => inner.finish(options));
    },
  };
}

function findTracker(config: PackageConfig, win: Window): Tracker | null {
  switch (config.format) {
    case "scorm12": {
      const api = findScormApi("API", win);
      return api ? scorm12Tracker(api, config) : null;
    }
    case "scorm2004": {
      const api = findScormApi("API_1484_11", win);
      return api ? scorm2004Tracker(api) : null;
    }
    case "cmi5": {
      const launch = readCmi5Launch(win.location.search);
      return launch ? cmi5Tracker(launch, config) : null;
    }
  }
}

/** The LMS session for the package's standard, found as the standard says; without an LMS, a plain web course. */
export function connectTracker(config: PackageConfig, win: Window = window): Tracker {
  const tracker = findTracker(config, win);
  return tracker ? onceSession(tracker) : noTracker;
}
