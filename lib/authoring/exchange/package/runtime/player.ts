// Runs in the learner's browser, inside the exported package: bundled by `npm run package:assets`
// into assets/player.js, which both the shell (index.html) and every lesson page load.
import type { PlayerConfig } from "../package-data";
import { connectTracker } from "./connect";
import { startLessonPage } from "./lesson-page";
import { startShell } from "./shell";

if (document.body.dataset.page === "shell") {
  const config = JSON.parse(document.getElementById("package-config")!.textContent!) as PlayerConfig;
  startShell(config, connectTracker(config));
} else if (document.body.dataset.page === "lesson") {
  startLessonPage();
}
