// The proposals API against its physical floor (issue 30; bench/README.md, Method, "Floors"): the
// content list of 5,000 and 500 products and the PATCH of 100 and 10 blocks, each at 16
// connections beside a bare node:http + pg server doing the same statements, and the floor's
// answers equal to the app's.
const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);

export function proposalTargets(r, line) {
  const P = r.postgres ?? {};
  for (const [key, name] of [
    ["content_list_5000", "GET /v3/content, 5,000 products"],
    ["content_list_500", "GET /v3/content, 500 products"],
    ["proposal_patch_100", "PATCH /v3/proposals/{uuid}, 100 blocks"],
    ["proposal_patch_10", "PATCH /v3/proposals/{uuid}, 10 blocks"],
  ]) {
    const floor = P[`${key}_physical`];
    const x = ratio(P[key]?.rps, floor?.rps);
    line(`${name}: req/s / physical floor`, x, ">= 0.7", x !== null && x >= 0.7);
    const tail = ratio(P[key]?.p99, floor?.p99);
    line(`${name}: p99 / physical floor's p99, 16 conn`, tail, "<= 1.5", tail !== null && tail <= 1.5 && P[key].non2xx === 0);
  }
  const checks = [
    ...Object.entries(r.checks ?? {}).filter(([name]) => name.startsWith("GET /v3/content")),
    ...Object.entries(r.write_checks ?? {}).filter(([name]) => name.startsWith("PATCH /v3/proposals")),
  ];
  const equal = checks.length === 4 && checks.every(([, v]) => v === "equal");
  line("proposals: the physical floor answers the app's JSON", equal ? "equal" : "see checks", "equal", equal);
}
