// The outbox and proposal PDFs (issue 30, "the new paths"; bench/outbox.mjs, bench/pdf.mjs): the
// workers drain at least 100 a second each, every item arrives exactly once (one instance or two
// on one database), and a 100-line PDF is quick and leaves no memory behind.
export function outboxTargets(r, line) {
  const o = r.postgres.outbox;
  for (const [key, name] of [
    ["mail_1_instance", "outbox: mails a second to SMTP (1 instance)"],
    ["webhooks_1_instance", "outbox: webhook deliveries a second (1 instance)"],
  ]) {
    const x = o?.[key];
    line(name, x ? `${x.per_s}/s` : "-", ">= 100/s", x?.per_s >= 100);
  }
  const runs = Object.entries(o ?? {}).filter(([key]) => key !== "error");
  const faults = runs.filter(([, x]) => x.lost || x.doubled || x.strays || x.unsettled).map(([key]) => key);
  line(
    "outbox: every mail and delivery arrived exactly once (1 and 2 instances)",
    runs.length ? (faults.length ? `lost or doubled in ${faults.join(", ")}` : `${runs.length} runs ok`) : "-",
    "all",
    runs.length > 0 && faults.length === 0,
  );
  const pdf = r.postgres.pdf;
  line("PDF of a 100-line proposal: p50", pdf?.p50_ms !== undefined ? `${pdf.p50_ms} ms` : "-", "< 1000 ms", pdf?.p50_ms < 1000);
  line(
    `PDF: server RSS after ${pdf?.leak_runs ?? 50} more, against before`,
    pdf?.rss_kept_mb !== undefined ? `${pdf.rss_kept_mb} MB` : "-",
    "< 20 MB",
    pdf?.rss_kept_mb < 20,
  );
}
