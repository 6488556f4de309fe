// Issue 30's lines for the recipient's page of a 100-block proposal and for typing in the proposal
// editor (the pages phase, bench/phases/pages.mjs), and the two-instance figures (bench/phases/scale.mjs).
export default function pageTargets(r, line) {
  const recipient = r.pages?.recipient_100;
  // Beside it, the part /verify loads too (the App Router's runtime); none since decision 049.
  const shared = recipient?.js_shared_gzip_kb;
  line(
    "recipient page /p/{uuid}, 100 blocks: JavaScript (gzip; of it loaded by every page)",
    recipient ? `${recipient.js_gzip_kb} KB${shared ? ` (${shared} KB)` : ""}` : "-",
    "<= 120 KB",
    recipient?.js_gzip_kb <= 120,
  );
  line(
    "recipient page /p/{uuid}, 100 blocks: LCP cold",
    recipient ? `${recipient.lcp_ms} ms` : "-",
    "< 500 ms",
    Number.isFinite(recipient?.lcp_ms) && recipient.lcp_ms < 500,
  );
  line(
    "recipient page /p/{uuid}, 100 blocks: its text in the server's HTML",
    String(r.pages?.recipient_text_in_html ?? "-"),
    "yes",
    r.pages?.recipient_text_in_html === true,
  );
  // p95 of the keystrokes' main-thread time (their task and the frame that shows them), so one slow
  // keystroke in twenty may pass unseen, not one in two.
  const typing = r.editor_typing?.proposal_100?.main_thread_ms;
  line(
    "proposal editor, 100 blocks: main-thread time per keystroke, p95 (p50)",
    typing ? `${typing.p95} ms (${typing.p50} ms)` : "-",
    "< 16 ms",
    typing?.p95 < 16,
  );
  for (const [key, name] of [
    ["tree_2k_warm", "full tree 2k warm, 8 conn"],
    ["block_get", "GET /blocks/{id}, 16 conn"],
  ]) {
    const s = r.scale?.[key];
    const measured = s && s.one.failures === 0 && s.two.failures === 0;
    line(
      `two app instances / one, one database: ${name}, req/s`,
      s ? `${s.two_over_one} (${s.two.rps} / ${s.one.rps})` : "-",
      "report",
      measured,
    );
  }
}
