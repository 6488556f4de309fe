// Target of the "read after an edit" phase (bench/phases/fragments.mjs): the tree is kept by
// course, so the read after one block edit rebuilds one course of twenty and splices the rest
// (docs/decisions/048-tree-fragments.md).
const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);

export function fragmentsTargets(r, line) {
  const P = r.postgres;
  const after = P.tree_20k_after_edit_c1;
  const x = ratio(after?.p50, P.tree_20k_after_edit_warm_c1?.p50);
  // Each read after an edit must be a new version (a 200 with its own tag), or it measured nothing.
  const fresh = after && after.etags === after.total && after.statuses?.[200] === after.total;
  line(
    "full tree 20k, the read after one block edit, 1 conn: p50 / warm p50",
    x,
    "<= 3",
    x !== null && x <= 3 && fresh,
    fresh ? "" : "not every read was a new version",
  );
}
