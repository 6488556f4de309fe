// Phases of `npm run bench` for issue 30's new paths: a 100-line proposal's PDF on the run's app
// (bench/pdf.mjs), then the outbox drained by app servers of its own on the run's database, sending
// to sinks on loopback (bench/outbox.mjs; bench/README.md, "The outbox").
import { measureOutbox } from "../outbox.mjs";
import { measurePdf } from "../pdf.mjs";
import { P, say } from "./context.mjs";

const failure = (error) => ({ error: String(error.message ?? error) });

export async function pdfPhase({ app, idle }, { auth, proposals }) {
  await idle();
  say("PDF: a 100-line proposal, 20 timed, then the server's memory after 50 more");
  P.pdf = await measurePdf({ base: app.base, headers: auth, pid: app.pid, uuid: proposals[100].uuids[0] }).catch(failure);
}

/** Run once the run's app is stopped: its worker, without SMTP_URL, would take the mails and only log them. */
export async function outboxPhase({ dbUrl }, { q }) {
  say("outbox: 2,000 mails and 2,000 webhook deliveries drained by 1, then 2 app servers");
  P.outbox = await measureOutbox({ dbUrl, q }).catch(failure);
}
