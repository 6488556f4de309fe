// Phase of `npm run bench` for issue 42's reports at scale (bench/analytics.mjs): course analytics,
// item analysis and the pipeline on a database of their own, each beside its physical floor. Run
// last: its servers and database are its own, and it stops every app when it ends. --no-analytics
// leaves it out (it seeds 100,000 attempts and 50,000 proposals: about five minutes).
import { runAnalytics } from "../analytics.mjs";
import { flags, P, say } from "./context.mjs";

export async function analyticsPhase() {
  if (flags.has("--no-analytics")) return;
  say("analytics: course analytics, item analysis (100,000 attempts) and the pipeline (50,000 proposals), each beside its floor");
  P.analytics = await runAnalytics({ log: say }).catch((error) => ({ error: String(error.message ?? error) }));
}
