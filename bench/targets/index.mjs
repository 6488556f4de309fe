// The PASS/FAIL lines of the phases added for issue 30 beyond the first ones (bench/report.mjs
// prints them after its own): each module exports `(results, line) => void`, and `line(name,
// value, goal, pass, note?)` adds one line. One module per phase keeps the phases apart.
import { analyticsTargets } from "./analytics.mjs";
import { fragmentsTargets } from "./fragments.mjs";
import { outboxTargets } from "./outbox.mjs";
import pageTargets from "./pages.mjs";
import { proposalTargets } from "./proposals.mjs";

export const extraTargets = [fragmentsTargets, proposalTargets, pageTargets, outboxTargets, analyticsTargets];
