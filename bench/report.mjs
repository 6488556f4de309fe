// The benchmark's table and its targets (issue 14), from bench/results/latest.json's shape.
// `node bench/report.mjs` reprints the last run.
import fs from "node:fs";
import { extraTargets } from "./targets/index.mjs";

const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);
const fmt = (v) => (v === null || v === undefined ? "-" : String(v));

/** How the small requests were measured, and how far the key-lookup floor moved meanwhile. */
function smallNote(r) {
  const how = r.small_requests;
  if (!how) return "";
  const P = r.postgres;
  const beside = P.floor_auth_beside ?? [];
  const spread = beside.length ? ` The key-lookup floor beside them ran at ${Math.min(...beside)} to ${Math.max(...beside)} req/s.` : "";
  const spreadOf = (key, what) => {
    const s = P[key]?.siblings;
    if (!s) return null;
    return s.each
      ? `${key}: ${s.parents} ${what} of ${s.each}`
      : `${key}: ${s.parents} ${what}, at most ${s.before_max} then ${s.after_max} blocks`;
  };
  const writes = [
    spreadOf("block_insert_500", "lessons"),
    spreadOf("block_insert_50", "lessons"),
    spreadOf("lesson_move_500", "modules"),
    spreadOf("lesson_move_50", "modules"),
  ].filter(Boolean);
  const writeNote = writes.length
    ? ` The writes go to seeded random parents, each with n children (${writes.join("; ")}); the "one lesson" and "one module" rows send all 16 connections to one parent, whose writes take turns by design. The proposal PATCHes go to 16 drafts of each size in turn.`
    : "";
  return (
    `Each group (a workload, its physical floor and the key-lookup floor) ran ${how.rounds} rounds of ${how.slice_s} s slices in turn; ` +
    `each figure is the median of its slices, and "/ framework floor" divides by the key-lookup floor of its own group. ` +
    `"server CPU ms" is the CPU time the answering server's processes (the app, or the physical floor) used per request, and "PG CPU ms" that of PostgreSQL's processes, both over the slice: ` +
    `with 2 cores shared by the server, PostgreSQL and the load generator, they say which side a request's time goes to.${spread}${writeNote}\n\n`
  );
}

export function targets(r) {
  const P = r.postgres;
  const out = [];
  const line = (name, value, target, pass, note = "") => out.push({ name, value, target, pass: Boolean(pass), ...(note ? { note } : {}) });
  for (const size of ["2k", "20k"]) {
    for (const c of [1, 8]) {
      const x = ratio(P[`tree_${size}_cold_c${c}`]?.p50, P[`tree_${size}_physical_c${c}`]?.p50);
      line(`full tree ${size} cold, ${c} conn: p50 app / physical floor`, x, "<= 1.5", x !== null && x <= 1.5);
    }
  }
  const growth = ratio(P.tree_20k_cold_c1?.p50, P.tree_2k_cold_c1?.p50);
  line("full tree cold p50, 20,000 / 2,000 blocks (1 conn)", growth, "<= 11", growth !== null && growth <= 11);
  // Issue 30: the warm read against bare node:http sending the same bytes from memory (replaces "20x faster than cold").
  for (const c of [1, 8]) {
    const warm = ratio(P[`tree_20k_warm_c${c}`]?.p50, P[`tree_20k_memory_floor_c${c}`]?.p50);
    line(`full tree 20k warm, ${c} conn: p50 app / memory floor (same bytes, bare node:http)`, warm, "<= 2", warm !== null && warm <= 2);
  }
  for (const size of ["2k", "20k"]) {
    const inm = P[`tree_${size}_if_none_match`];
    const n304 = inm?.statuses?.[304] ?? 0;
    line(
      `full tree ${size}: 304 on a matching If-None-Match`,
      inm?.etag ? `${n304}/${inm.total}` : "no ETag",
      "all 304",
      inm?.etag && n304 === inm.total,
    );
  }
  const tree = r.pages?.course_tree_20k;
  line(
    "course-tree page (20k): bytes of its data reads",
    tree ? `${tree.data_kb} KB (${tree.data_transferred_kb} KB on the wire)` : "-",
    "< 1 MB",
    tree && tree.data_kb < 1024,
  );
  // Issue 30's restated targets: a read against the key-lookup floor (throughput and p99), each write
  // and the quiz against the physical floor doing the same statements with the same locks.
  const blockGet = ratio(P.block_get?.rps, P.block_get?.floor_rps ?? P.floor_auth?.rps);
  line("GET /blocks/{id}: req/s / key-lookup floor", blockGet, ">= 0.7", blockGet !== null && blockGet >= 0.7);
  const blockGetTail = ratio(P.block_get?.p99, P.floor_auth?.p99);
  line(
    "GET /blocks/{id}: p99 / key-lookup floor's p99, 16 conn",
    blockGetTail,
    "<= 1.5",
    blockGetTail !== null && blockGetTail <= 1.5 && P.block_get.non2xx === 0,
  );
  const s = r.statements;
  if (s) {
    line("GET /blocks/{id}: SQL statements (question block)", s.block_get?.count, "<= 3", s.block_get?.count <= 3);
    line(
      "block insert: statements among 50 vs 500",
      `${s.block_insert_50?.count} vs ${s.block_insert_500?.count}`,
      "equal",
      s.block_insert_50?.count === s.block_insert_500?.count,
    );
    line(
      "lesson move: statements among 50 vs 500",
      `${s.lesson_move_50?.count} vs ${s.lesson_move_500?.count}`,
      "equal",
      s.lesson_move_50?.count === s.lesson_move_500?.count,
    );
  }
  const pages = r.pages;
  line(
    "learner lesson page: JavaScript (gzip), no diagram",
    pages?.lesson ? `${pages.lesson.js_gzip_kb} KB` : "-",
    "<= 150 KB",
    pages?.lesson?.js_gzip_kb <= 150,
  );
  line(
    "learner lesson page: its text in the server's HTML",
    pages ? String(pages.lesson_text_in_html) : "-",
    "yes",
    pages?.lesson_text_in_html === true,
  );
  line(
    "learner lesson page: LCP cold",
    pages?.lesson ? `${pages.lesson.lcp_ms} ms` : "-",
    "< 500 ms",
    pages?.lesson?.lcp_ms !== null && pages?.lesson?.lcp_ms < 500,
  );
  line(
    "peak RSS of the app server",
    r.peak_rss_mb === null ? "-" : `${r.peak_rss_mb} MB`,
    "< 500 MB",
    r.peak_rss_mb !== null && r.peak_rss_mb < 500,
  );
  // Courses leaving the app (issue 30, "The new paths"): the package streams, so it is quick and small in memory.
  const scorm = P.exports?.scorm2004_2000;
  line("SCORM 2004 export, 2,000-block course: p50", scorm ? `${scorm.p50_ms} ms` : "-", "< 3000 ms", scorm?.p50_ms < 3000);
  line(
    "SCORM 2004 export, 2,000-block course: extra server RSS",
    scorm ? `${scorm.extra_rss_mb} MB` : "-",
    "< 50 MB",
    scorm?.extra_rss_mb < 50,
  );
  const equal = Object.values(r.checks ?? {}).every((v) => v === "equal") && Object.keys(r.checks ?? {}).length > 0;
  line("physical floor answers the app's JSON (deep-equal)", equal ? "equal" : "see checks", "equal", equal);
  // The writes against a floor doing the same SQL by hand (bench/baseline/server.mjs): how near the
  // app is to what PostgreSQL allows when 16 writers queue on one parent row.
  for (const [key, name] of [
    ["block_insert_500", "POST /lessons/{id}/blocks among 500"],
    ["block_insert_50", "POST /lessons/{id}/blocks among 50"],
    ["lesson_move_500", "PATCH /lessons/{id} move among 500"],
    ["lesson_move_50", "PATCH /lessons/{id} move among 50"],
    ["quiz_submit_50", "POST /quizzes/{id}/submit, 50 questions"],
    ["quiz_submit_10", "POST /quizzes/{id}/submit, 10 questions"],
  ]) {
    const floor = P[`${key}_physical`];
    const x = ratio(P[key]?.rps, floor?.rps);
    line(`${name}: req/s / physical floor (same SQL by hand)`, x, ">= 0.7", x !== null && x >= 0.7);
    const tail = ratio(P[key]?.p99, floor?.p99);
    line(`${name}: p99 / physical floor's p99, 16 conn`, tail, "<= 1.5", tail !== null && tail <= 1.5 && P[key].non2xx === 0);
  }
  const writes = Object.values(r.write_checks ?? {});
  const writesEqual = writes.length > 0 && writes.every((v) => v === "equal");
  line("physical floor's writes answer the app's JSON (ids, times masked)", writesEqual ? "equal" : "see checks", "equal", writesEqual);
  const positions = Object.entries(r.positions ?? {});
  const bad = positions.filter(([, v]) => !v.ok).map(([k]) => k);
  line(
    "positions 0..n-1 after the write runs (app and floor)",
    positions.length ? (bad.length ? `gaps or duplicates: ${bad.join(", ")}` : `${positions.length} sets ok`) : "-",
    "all",
    positions.length > 0 && bad.length === 0,
  );
  for (const add of extraTargets) add(r, line);
  return out;
}

function table(header, rows) {
  const all = [header, ...rows].map((row) => row.map(fmt));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const render = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
  return [render(all[0]), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...all.slice(1).map(render)].join("\n");
}

const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Typing in the proposal editor (bench/editor-typing.mjs): one row per size of draft. */
export function editorTypingTable(t) {
  return table(
    [
      "page",
      "keystrokes",
      "keydown to next frame p50 ms",
      "p95 ms",
      "Event Timing keydown p50 ms",
      "p95 ms",
      "main-thread ms per keystroke p50",
      "p95 ms",
      "block articles mutated per keystroke, mean (p50 / max)",
      "of them other blocks, mean",
      "articles mutated by the save's answer",
      "50 characters typed in s",
    ],
    [
      ["proposal editor, 100 blocks", t.proposal_100],
      ["proposal editor, 10 blocks", t.proposal_10],
    ].map(([name, s]) => [
      name,
      s.keystrokes,
      s.frame_ms.p50,
      s.frame_ms.p95,
      s.event_timing_keydown_ms?.p50,
      s.event_timing_keydown_ms?.p95,
      s.main_thread_ms?.p50,
      s.main_thread_ms?.p95,
      `${s.article_updates_per_key.mean} (${s.article_updates_per_key.p50} / ${s.article_updates_per_key.max})`,
      s.other_article_updates_per_key.mean,
      Math.max(...s.articles_mutated_by_save),
      middle(s.typing_s),
    ]),
  );
}

export function report(r) {
  const P = r.postgres;
  const parts = [];
  parts.push(
    `Run ${r.started_at}, ${r.wall_s ?? "?"} s, ${r.machine.cpus} cores (${r.machine.cpu}), node ${r.machine.node}, seed ${r.seed}. ` +
      "Latencies in ms to the last byte; req/s = completed requests / wall time.",
  );
  const treeRows = [];
  for (const size of ["2k", "20k"]) {
    for (const c of [1, 8]) {
      const phys = P[`tree_${size}_physical_c${c}`];
      for (const [kind, x] of [
        ["app cold", P[`tree_${size}_cold_c${c}`]],
        ["app warm", P[`tree_${size}_warm_c${c}`]],
        ["app warm, gzip", P[`tree_${size}_warm_gzip_c${c}`]],
        ["memory floor (same bytes, bare node:http)", P[`tree_${size}_memory_floor_c${c}`]],
        ["physical floor", phys],
      ]) {
        if (!x) continue;
        treeRows.push([
          `${size === "2k" ? "2,000" : "20,000"} blocks`,
          c,
          kind,
          x.p50,
          x.p99,
          x.rps,
          kind === "physical floor" ? "1" : ratio(x.p50, phys?.p50),
          x.bytes ? `${Math.round(x.bytes / 1024)} KB` : "-",
        ]);
      }
    }
    const inm = P[`tree_${size}_if_none_match`];
    if (inm?.etag) treeRows.push([`${size} blocks`, 1, "If-None-Match", inm.p50, inm.p99, inm.rps, "-", JSON.stringify(inm.statuses)]);
  }
  for (const [key, name] of [
    ["course_2k", "GET /courses/{id} 2,000 blocks"],
    ["course_1k", "GET /courses/{id} 1,000 blocks"],
  ]) {
    if (P[key]) treeRows.push([name, 1, "app", P[key].p50, P[key].p99, P[key].rps, "-", `${Math.round(P[key].bytes / 1024)} KB`]);
  }
  parts.push(
    "### Big reads (PostgreSQL)\n\n" + table(["read", "conn", "server", "p50", "p99", "req/s", "p50 / physical", "body"], treeRows),
  );

  const smallRows = [];
  const floor = P.floor_auth?.rps;
  const rows = [
    ["floor_noop", "framework floor: no work"],
    ["floor_auth", "framework floor: API-key lookup"],
    ["floor_auth_limit", "framework floor: key lookup + rate limit"],
    ["block_get", "GET /blocks/{id}", "block_get_physical"],
    ["block_get_physical", "  physical floor"],
    ["modules_500", "GET /courses/{id}/modules, 500", "modules_500_physical"],
    ["modules_500_physical", "  physical floor"],
    ["modules_50", "GET /courses/{id}/modules, 50", "modules_50_physical"],
    ["modules_50_physical", "  physical floor"],
    ["block_insert_500", "POST /lessons/{id}/blocks among 500", "block_insert_500_physical"],
    ["block_insert_500_physical", "  physical floor"],
    ["block_insert_50", "POST /lessons/{id}/blocks among 50", "block_insert_50_physical"],
    ["block_insert_50_physical", "  physical floor"],
    ["block_insert_500_one_parent", "POST /lessons/{id}/blocks among 500, one lesson", "block_insert_500_one_parent_physical"],
    ["block_insert_500_one_parent_physical", "  physical floor"],
    ["lesson_move_500", "PATCH /lessons/{id} move among 500", "lesson_move_500_physical"],
    ["lesson_move_500_physical", "  physical floor"],
    ["lesson_move_50", "PATCH /lessons/{id} move among 50", "lesson_move_50_physical"],
    ["lesson_move_50_physical", "  physical floor"],
    ["lesson_move_500_one_parent", "PATCH /lessons/{id} move among 500, one module", "lesson_move_500_one_parent_physical"],
    ["lesson_move_500_one_parent_physical", "  physical floor"],
    ["floor_auth_post", "framework floor: key lookup + 50-answer POST body", "quiz_submit_50_physical"],
    ["floor_pages_auth_post", "  the same in a Pages Router API route", "quiz_submit_50_physical"],
    ["quiz_submit_50", "POST /quizzes/{id}/submit, 50 questions", "quiz_submit_50_physical"],
    ["quiz_submit_50_physical", "  physical floor"],
    ["floor_auth_post_10", "framework floor: key lookup + 10-answer POST body", "quiz_submit_10_physical"],
    ["floor_pages_auth_post_10", "  the same in a Pages Router API route", "quiz_submit_10_physical"],
    ["quiz_submit_10", "POST /quizzes/{id}/submit, 10 questions", "quiz_submit_10_physical"],
    ["quiz_submit_10_physical", "  physical floor"],
    ["content_list_5000", "GET /v3/content?company_id=, 5,000 products", "content_list_5000_physical"],
    ["content_list_5000_physical", "  physical floor"],
    ["content_list_500", "GET /v3/content?company_id=, 500 products", "content_list_500_physical"],
    ["content_list_500_physical", "  physical floor"],
    ["proposal_patch_100", "PATCH /v3/proposals/{uuid}, 100 blocks", "proposal_patch_100_physical"],
    ["proposal_patch_100_physical", "  physical floor"],
    ["proposal_patch_10", "PATCH /v3/proposals/{uuid}, 10 blocks", "proposal_patch_10_physical"],
    ["proposal_patch_10_physical", "  physical floor"],
  ];
  for (const [key, name, physical] of rows) {
    const x = P[key];
    if (!x) continue;
    const stm = r.statements?.[key]?.count;
    smallRows.push([
      name,
      x.p50,
      x.p99,
      x.rps,
      ratio(x.rps, x.floor_rps ?? floor),
      ratio(x.rps, P.floor_auth_limit?.rps),
      physical ? ratio(x.rps, P[physical]?.rps) : "-",
      x.non2xx || x.errors ? `${x.non2xx} non-2xx, ${x.errors} errors` : "",
      stm ?? "-",
      x.server_cpu_ms ?? "-",
      x.pg_cpu_ms ?? "-",
    ]);
  }
  parts.push(
    "### Small requests at 16 connections (PostgreSQL)\n\n" +
      smallNote(r) +
      table(
        [
          "request",
          "p50",
          "p99",
          "req/s",
          "/ framework floor",
          "/ floor + rate limit",
          "/ physical floor",
          "failures",
          "SQL stmts",
          "server CPU ms",
          "PG CPU ms",
        ],
        smallRows,
      ),
  );

  if (r.statements) {
    const s = r.statements;
    parts.push(
      "### SQL statements per request (counting proxy)\n\n" +
        table(
          ["request", "statements"],
          Object.entries(s).map(([k, v]) => [k, v.counts ? `${v.count} (moves: ${v.counts.join(", ")})` : v.count]),
        ),
    );
  }
  if (r.pages && !r.pages.error) {
    const pg = r.pages;
    parts.push(
      "### Pages (Chromium, loopback)\n\n" +
        table(
          [
            "page",
            "JS gzip KB",
            "JS KB",
            "scripts",
            "first byte ms",
            "FCP ms",
            "LCP cold ms",
            "API reads",
            "API data KB",
            "on the wire KB",
          ],
          [
            ["learner lesson", pg.lesson],
            ["learner lesson with a diagram", pg.lesson_with_diagram],
            ["lesson editor", pg.lesson_editor],
            ["course tree, 20k-block project", pg.course_tree_20k],
            ["recipient page, 100-block proposal (no session)", pg.recipient_100],
          ]
            .filter(([, x]) => x)
            .map(([n, x]) => [
              n,
              x.js_gzip_kb,
              x.js_kb,
              x.scripts,
              x.ttfb_ms ?? "-",
              x.fcp_ms ?? "-",
              x.lcp_ms ?? "-",
              x.data_reads,
              x.data_kb,
              x.data_transferred_kb,
            ]),
        ) +
        `\n\nLesson text in the server's HTML: ${pg.lesson_text_in_html ? "yes" : "no"}.` +
        ("recipient_text_in_html" in pg ? ` Proposal text in the recipient page's HTML: ${pg.recipient_text_in_html ? "yes" : "no"}.` : ""),
    );
  } else if (r.pages?.error) parts.push(`### Pages\n\nfailed: ${r.pages.error}`);
  if (r.editor_typing && !r.editor_typing.error)
    parts.push("### Typing in the proposal editor (Chromium, loopback)\n\n" + editorTypingTable(r.editor_typing));
  else if (r.editor_typing?.error) parts.push(`### Typing in the proposal editor\n\nfailed: ${r.editor_typing.error}`);
  if (r.pglite) {
    const e = r.pglite;
    if (e.error) parts.push(`### Embedded database (PGlite)\n\nfailed: ${e.error}`);
    else
      parts.push(
        "### Embedded database (PGlite)\n\n" +
          table(
            ["workload", "conn", "p50", "p99", "req/s", "/ framework floor"],
            [
              ["full tree 2,000 blocks, cold", 1, e.tree_2k_cold_c1],
              ["full tree 2,000 blocks, warm", 1, e.tree_2k_warm_c1],
              ["framework floor: API-key lookup", 16, e.floor_auth],
              ["GET /blocks/{id}", 16, e.block_get],
            ].map(([n, c, x]) => [n, c, x?.p50, x?.p99, x?.rps, n.startsWith("GET") ? ratio(x?.rps, e.floor_auth?.rps) : "-"]),
          ),
      );
  }
  parts.push(`Peak RSS of the app server (PostgreSQL run): ${fmt(r.peak_rss_mb)} MB.`);
  const phases = Object.entries(r.postgres?.rss_by_phase ?? {});
  if (phases.length) {
    parts.push(
      "Peak RSS by phase (MB; each the highest resident size from the end of the previous phase to the end of this one):\n\n" +
        table(
          ["phase", "peak RSS MB"],
          phases.map(([k, v]) => [k, v]),
        ),
    );
  }
  parts.push(
    "Physical floor vs. the app's JSON: " +
      Object.entries(r.checks ?? {})
        .map(([k, v]) => `${k}: ${v}`)
        .join("; ") +
      ".",
  );
  if (Object.keys(r.write_checks ?? {}).length)
    parts.push(
      "Physical floor's writes vs. the app's (status, and JSON with ids and timestamps masked): " +
        Object.entries(r.write_checks)
          .map(([k, v]) => `${k}: ${v}`)
          .join("; ") +
        ".",
    );
  if (Object.keys(r.positions ?? {}).length)
    parts.push(
      "Positions after the write runs: " +
        Object.entries(r.positions)
          .map(([k, v]) => `${k}: ${v.rows} rows, ${v.ok ? "0..n-1" : "GAPS OR DUPLICATES"}`)
          .join("; ") +
        ".",
    );
  const t = r.targets ?? [];
  parts.push(
    `### Targets: ${t.filter((x) => x.pass).length} of ${t.length} pass\n\n` +
      table(
        ["target", "value", "goal", ""],
        t.map((x) => [x.name, x.value, x.target, x.pass ? "PASS" : "FAIL"]),
      ),
  );
  return parts.join("\n\n") + "\n";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = JSON.parse(fs.readFileSync("bench/results/latest.json", "utf8"));
  r.targets = targets(r);
  console.log(report(r));
}
