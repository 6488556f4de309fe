import { randomUUID } from "node:crypto";
import { defineEndpoint } from "@/lib/api/endpoint";
import { notFound } from "@/lib/api/errors";
import { JsonText } from "@/lib/api/prebuilt";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { LessonParams } from "../lessons/schemas";
import { lessonAccessFor } from "../load";
import { turnOfRow } from "../positions";
import { blockJsonFor } from "../tree-json";
import { ifMatchOn } from "../versions";
import { deleteBlock, getBlock, getBlockForUpdate, insertBlock, listBlocks, moveBlock, updateBlock } from "./blocks";
import { Block, BlockCreate, BlockParams, BlockUpdate } from "./schemas";

const tag = "Blocks";

const CONTENT_GUIDE =
  "content by type: text/example {body (markdown)}; scenario {body, reveal}; glossary {title, terms: [{term, definition}]}; " +
  "image {source: {type: url, url} | {type: svg, code}, alt, caption}; video {source: {type: youtube, id, start} | {type: url, url}, title, caption}; " +
  "diagram {source: {type: mermaid, code}, caption}; interactive {source: {type: html, code}, title, caption, height}; visual {prompt, status}. " +
  "question blocks need question_id and question_role (practice, checkpoint, assessment, review); quiz blocks need quiz_id; both carry no content.";

export const listBlocksEndpoint = defineEndpoint({
  operationId: "list_blocks",
  method: "GET",
  path: "/lessons/{lessonId}/blocks",
  tag,
  summary: "List a lesson's blocks",
  description:
    "Returns one page of a lesson's content blocks in position order, each with its question or quiz ({blocks, has_more, limit, offset}). Use it to read a lesson's content; paginate with limit and offset while has_more.",
  params: LessonParams,
  query: PageQuery,
  response: pageOf("blocks", Block),
  status: 200,
  run: async ({ db, caller, params, query }) => listBlocks(db, caller, params.lessonId, query),
});

export const createBlockEndpoint = defineEndpoint({
  operationId: "create_block",
  method: "POST",
  path: "/lessons/{lessonId}/blocks",
  tag,
  summary: "Add a content block to a lesson",
  description: `Returns the block as saved. Adds a block at position (0..32767) or last. ${CONTENT_GUIDE} Content is stored as given and never causes a 400.`,
  params: LessonParams,
  body: BlockCreate,
  response: Block,
  status: 201,
  // With a key, the lesson's access is read in the key lookup's statement.
  readWithKey: (params) => (userId) => lessonAccessFor(params.lessonId, userId, "content.write"),
  run: (ctx) => insertBlock(ctx, ctx.params.lessonId, ctx.body, randomUUID()),
});

export const getBlockEndpoint = defineEndpoint({
  operationId: "get_block",
  method: "GET",
  path: "/blocks/{blockId}",
  tag,
  summary: "Read a block",
  description:
    "Returns one content block: its type, position, content (the per-type payload), and for question and quiz blocks the question (with options) or quiz it shows, or null when that is in the trash. Use it to read a block before editing it with update_block.",
  params: BlockParams,
  response: Block,
  status: 200,
  // With a key, the whole request is one statement (the key, the caller's access, the block's JSON).
  readWithKey: (params) => (userId) => blockJsonFor(params.blockId, userId),
  run: async ({ db, caller, params, prefetched }) => {
    if (prefetched === undefined) return getBlock(db, caller, params.blockId);
    if (prefetched === null) throw notFound("Block");
    return new JsonText(prefetched);
  },
});

export const updateBlockEndpoint = defineEndpoint({
  operationId: "update_block",
  method: "PATCH",
  path: "/blocks/{blockId}",
  tag,
  summary: "Edit or move a block",
  description: `Returns the block as saved. Send at least one of content (replaces it), position, question_id and question_role (question blocks), quiz_id (quiz blocks), lesson_id (another lesson of the same course, to move it). The type cannot change. ${CONTENT_GUIDE}`,
  params: BlockParams,
  body: BlockUpdate,
  response: Block,
  status: 200,
  ifMatch: ifMatchOn("blocks", "blockId", getBlockForUpdate),
  run: async (ctx) => {
    const { position, lesson_id } = ctx.body;
    // The editor's drag: a move within the lesson and nothing else, one statement.
    if (position !== undefined && Object.keys(ctx.body).length === 1) return moveBlock(ctx, ctx.params.blockId, position);
    const moves = position !== undefined || lesson_id !== undefined;
    return write(ctx, (tx) => updateBlock(tx, ctx.caller, ctx.params.blockId, ctx.body), {
      recordFirst: ctx.params.blockId,
      turnOn: moves ? await turnOfRow(ctx.db, "block", ctx.params.blockId, lesson_id) : undefined,
    });
  },
});

export const deleteBlockEndpoint = defineEndpoint({
  operationId: "delete_block",
  method: "DELETE",
  path: "/blocks/{blockId}",
  tag,
  summary: "Delete a block",
  description:
    "Moves the block to the trash (restore it with restore_trash_item); the lesson's other blocks close the gap. Returns {success, id}.",
  params: BlockParams,
  response: DeleteResult,
  status: 200,
  run: async (ctx) =>
    write(ctx, (tx) => deleteBlock(tx, ctx.caller, ctx.params.blockId), { turnOn: await turnOfRow(ctx.db, "block", ctx.params.blockId) }),
});
