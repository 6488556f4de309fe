"use client";

import { useQueryClient } from "@tanstack/react-query";
import { baseOf } from "@/components/conflicts/save-on-version";
import { stableJson } from "./block-versions";
import { patchBlock, writeBlockToCache, type BlockDto, type BlockPatch, type QuestionRole } from "./queries";
import { useVersionedAutosave } from "./use-versioned-autosave";

/** What a block's form edits: the content, or for question and quiz blocks the reference. */
export type BlockDraft = { content?: unknown; question_id?: string; question_role?: QuestionRole; quiz_id?: string };

function initialDraft(block: BlockDto): BlockDraft {
  if (block.type === "question") return { question_id: block.question_id ?? "", question_role: block.question_role ?? "practice" };
  if (block.type === "quiz") return { quiz_id: block.quiz_id ?? "" };
  return { content: block.content };
}

/** Only what the block's type may change goes out: content for most, the reference for the rest. */
function patchFor(block: BlockDto, draft: BlockDraft): BlockPatch {
  if (block.type === "question") return { question_id: draft.question_id || undefined, question_role: draft.question_role };
  if (block.type === "quiz") return { quiz_id: draft.quiz_id || undefined };
  return { content: draft.content };
}

/** The fields a block's form changes, as compared between versions (the database hands keys back in its own order). */
const fieldsOf = (block: BlockDto) => stableJson(patchFor(block, initialDraft(block)));

/**
 * A block's form, autosaved (with a local backup when `keepsBackup`) on the version it is based on
 * (docs/decisions/011-optimistic-concurrency.md). The lesson's blocks are polled: a newer version
 * of the same fields is a move and becomes the base; other fields are someone else's edit
 * (`onChangedElsewhere`), which the next save is checked against. A draft restored after a reload
 * is based on the version it was typed over, whose fields are unknown: any change since asks.
 */
export function useBlockSave({
  block,
  number,
  keepsBackup,
  onChangedElsewhere,
}: {
  block: BlockDto;
  /** The block's number on the page, as the toast after "Take theirs" names it. */
  number: number;
  keepsBackup: boolean;
  onChangedElsewhere: (blockId: string) => void;
}) {
  const client = useQueryClient();
  return useVersionedAutosave<BlockDraft, BlockDto, string | null>({
    initial: initialDraft(block),
    initialBase: (restored) => (restored && restored !== block.updated_at ? { updatedAt: restored, value: null } : baseOf(block, fieldsOf)),
    partOf: fieldsOf,
    mineOf: (draft) => stableJson(patchFor(block, draft)),
    draftOf: initialDraft,
    send: async (draft, ifMatch) => {
      const saved = await patchBlock(block.id, patchFor(block, draft), { ifMatch });
      writeBlockToCache(client, saved);
      return saved;
    },
    onTheirs: (theirs) => writeBlockToCache(client, theirs),
    conflictMessage: "This block was changed elsewhere while you were editing it",
    theirsTakenMessage: `Block ${number} now has the other version.`,
    latest: block,
    onChangedElsewhere: () => onChangedElsewhere(block.id),
    backupKey: keepsBackup ? `coursewright:block-draft:${block.id}` : undefined,
  });
}
