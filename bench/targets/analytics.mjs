// Issue 42's scale targets (bench/analytics.mjs): over 100,000 attempts of 50 questions and 20,000
// learners, course analytics and item analysis answer in under 1 s cold; the pipeline over 50,000
// proposals in under 500 ms (p50); each at least 0.7 of its physical floor (the same statements on
// bare node and pg), p50 against p50.
const REPORTS = [
  ["course_first", "course analytics, first attempts"],
  ["course_all", "course analytics, all attempts"],
  ["items_first", "item analysis, first attempts"],
  ["items_all", "item analysis, all attempts"],
];

export function analyticsTargets(r, line) {
  const a = r.postgres?.analytics;
  if (!a) return;
  const ms = (v) => (v === undefined ? "-" : `${v} ms`);
  const floorRatio = (x) => (x?.p50_ms && x?.floor_p50_ms ? Math.round((x.floor_p50_ms / x.p50_ms) * 100) / 100 : null);
  for (const [key, name] of REPORTS) {
    line(`${name}: cold`, ms(a[key]?.cold_ms), "< 1000 ms", a[key]?.cold_ms < 1000);
  }
  line("pipeline, 50,000 proposals: p50", ms(a.pipeline?.p50_ms), "< 500 ms", a.pipeline?.p50_ms < 500);
  for (const [key, name] of [...REPORTS, ["pipeline", "pipeline"]]) {
    const x = floorRatio(a[key]);
    line(`${name}: physical floor's p50 / the app's`, x, ">= 0.7", x !== null && x >= 0.7);
  }
}
