// What a block type gives the lesson editor's card (components/lesson-editor/block-card.tsx): its
// form, and for a type that names a question or quiz, how the preview shows the one picked.
import type { ReactNode } from "react";
import type { BlockDto, QuestionDto, QuizSummaryDto } from "@/components/lesson-editor/queries";
import type { BlockDraft } from "@/components/lesson-editor/use-block-save";

export type Rec = Record<string, unknown>;
export const rec = (c: unknown): Rec => (typeof c === "object" && c !== null && !Array.isArray(c) ? (c as Rec) : {});
export const text = (v: unknown) => (typeof v === "string" ? v : "");

/** Content forms edit the stored object in place, so keys they do not know (an agent's) survive. */
export type ContentFormProps = { content: unknown; onChange: (next: unknown) => void };

/** The lists the lesson editor reads once for all its cards. */
export type EditorLists = {
  bank: { data?: QuestionDto[]; isPending: boolean; isError: boolean };
  quizzes: { data?: QuizSummaryDto[]; isPending: boolean; isError: boolean };
};

export type ReferenceFormProps = {
  projectId: string;
  draft: BlockDraft;
  /** The block as its preview shows it: the draft's question or quiz (`ReferenceEditor.preview`). */
  preview: BlockDto;
  lists: EditorLists;
  /** A new pick, saved at once. */
  onChange: (patch: BlockDraft) => void;
};

/**
 * A block with content. `form` is called during the card's render, not placed as an element, so
 * its state (text it refused to save, such as a bad video link) is the card's and lasts while the
 * card is collapsed.
 */
export type ContentEditor = {
  kind: "content";
  form: (props: ContentFormProps) => ReactNode;
  /** The content is one Markdown `body`, which the collapsed card edits in place. */
  editsMarkdownInPlace?: boolean;
};

/** A block that names a question or quiz (BlockTypeDefinition.reference). */
export type ReferenceEditor = {
  kind: "reference";
  /** The block with the draft's pick, looked up in the lists while it is not saved yet. */
  preview: (block: BlockDto, draft: BlockDraft, lists: EditorLists) => BlockDto;
  form: (props: ReferenceFormProps) => ReactNode;
};

export type BlockEditor = ContentEditor | ReferenceEditor;
