import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { write } from "@/lib/db/transaction";
import { isSiblingKind, turnOfRow } from "../positions";
import { ProjectParams } from "../projects/schemas";
import { TrashItem, TrashRestore, TrashRestoreResult } from "./schemas";
import { listTrash, restoreTrashItem } from "./trash";

const tag = "Trash";

export const listTrashEndpoint = defineEndpoint({
  operationId: "list_trash",
  method: "GET",
  path: "/projects/{projectId}/trash",
  tag,
  summary: "List a project's trash",
  description:
    "Returns one page of what was deleted in a project (the items DELETE was called on), newest first, with where each lived (context) and who deleted it. Use it to find the {kind, id} that restore_trash_item takes.",
  params: ProjectParams,
  query: PageQuery,
  response: pageOf("items", TrashItem),
  status: 200,
  run: async ({ db, caller, params, query }) => listTrash(db, caller, params.projectId, query),
});

export const restoreTrashItemEndpoint = defineEndpoint({
  operationId: "restore_trash_item",
  method: "POST",
  path: "/projects/{projectId}/trash/restore",
  tag,
  summary: "Restore an item from the trash",
  description:
    "Returns {success, kind, id, restored_count} (how many items came back). Restores the item {kind, id} and exactly what was deleted with it, at its old position. If its parent is still in the trash, the answer is 400 parent_in_trash naming that parent: restore it first.",
  params: ProjectParams,
  body: TrashRestore,
  response: TrashRestoreResult,
  status: 200,
  errors: ["parent_in_trash", "conflict"],
  run: async (ctx) => {
    const { kind, id } = ctx.body;
    // A course, module, lesson or block comes back among its siblings: it waits for its parent's turn.
    const turnOn = isSiblingKind(kind) ? await turnOfRow(ctx.db, kind, id) : undefined;
    return write(ctx, (tx) => restoreTrashItem(tx, ctx.caller, ctx.params.projectId, ctx.body), { turnOn });
  },
});
