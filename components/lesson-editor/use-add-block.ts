"use client";

import { useState } from "react";
import { blockTypeDefinition, blockTypeLabel, type BlockTypeName } from "@/lib/authoring/blocks/types/registry";
import { errorText } from "./error-text";
import { useCreateBlock, type BlockDto, type NewBlock } from "./queries";

/**
 * Adding a block: after the current block, else at the end. Content blocks are added at once;
 * a question or quiz block opens its picker first, since it cannot exist without its reference.
 */
export function useAddBlock({
  lessonId,
  blocks,
  currentId,
  onAdded,
  onError,
}: {
  lessonId: string;
  blocks: BlockDto[];
  currentId: string | undefined;
  /** The new block becomes the current one and takes focus. */
  onAdded: (blockId: string) => void;
  /** Why a content block was not added; undefined clears it. */
  onError: (message: string | undefined) => void;
}) {
  const [picker, setPicker] = useState<"question" | "quiz">();
  const [pickerError, setPickerError] = useState<string>();
  const create = useCreateBlock(lessonId);

  const currentIndex = currentId ? blocks.findIndex((b) => b.id === currentId) : -1;
  const placement = currentIndex >= 0 ? `after block ${currentIndex + 1} (${blockTypeLabel(blocks[currentIndex].type)})` : "at the end";

  async function addBlock(input: NewBlock) {
    const block = await create.mutateAsync({ ...input, position: currentIndex >= 0 ? currentIndex + 1 : undefined });
    onAdded(block.id);
    return block;
  }

  function pick(type: BlockTypeName) {
    onError(undefined);
    const definition = blockTypeDefinition(type);
    if (definition?.reference) {
      setPickerError(undefined);
      setPicker(definition.reference);
      return;
    }
    addBlock({ type, content: definition?.content.initial() }).catch((e) =>
      onError(`Couldn't add the ${blockTypeLabel(type).toLowerCase()} block: ${errorText(e)}`),
    );
  }

  async function pickRef(input: Omit<NewBlock, "type">) {
    if (!picker) return;
    try {
      await addBlock({ type: picker, ...input });
      setPicker(undefined);
    } catch (e) {
      setPickerError(errorText(e));
    }
  }

  return {
    /** The picker open, if any. */
    picker,
    pickerError,
    closePicker: () => setPicker(undefined),
    pick,
    pickRef,
    placement,
    /** New blocks go after another block than the last. */
    isAfterCurrent: currentIndex >= 0 && currentIndex < blocks.length - 1,
    isAdding: create.isPending,
  };
}
