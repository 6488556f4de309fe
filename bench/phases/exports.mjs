// Phase 9 of `npm run bench`: a 2,000-block course exported as a SCORM 2004 package and as an
// archive (bench/exports.mjs; bench/README.md, "Exports"), with the server's extra memory.
import { measureExports } from "../exports.mjs";
import { P, say } from "./context.mjs";

export async function exportsPhase({ app, idle, rss }, { auth, exportCourse }) {
  await idle();
  say("exports: a 2,000-block course as SCORM 2004 and as an archive");
  P.exports = await measureExports({ base: app.base, headers: auth, pid: app.pid, courseId: exportCourse }).catch((error) => ({
    error: String(error.message ?? error),
  }));
  P.rss_by_phase.exports = rss.phase();
}
