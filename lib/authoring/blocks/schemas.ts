import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Position } from "@/lib/authoring/common-schemas";
import { QuestionDetail } from "../questions/schemas";
import { BLOCK_TYPES } from "./types/registry";

// The API's list of block types is the registry's (./types/registry.ts), in its order.
export { BLOCK_TYPES };
export const BlockType = z.enum(BLOCK_TYPES);
export const QuestionRole = z.enum(["practice", "checkpoint", "assessment", "review"]);

export const Block = z
  .object({
    id: z.uuid(),
    lesson_id: z.uuid(),
    type: z.string().describe(`One of ${BLOCK_TYPES.join(", ")}; more may appear`),
    position: z.number().int(),
    content: z.unknown().describe("Per-type payload, stored as given (see the block content table)"),
    question_role: QuestionRole.nullable(),
    question_id: z.uuid().nullable(),
    question: QuestionDetail.nullable().describe("null when the question is in the trash"),
    quiz_id: z.uuid().nullable(),
    quiz: z.object({ id: z.uuid(), title: z.string() }).nullable().describe("null when the quiz is in the trash"),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "Block" });

export type BlockDto = z.infer<typeof Block>;

/** A lesson's block, not a file store: far above any real block (images and files are uploads). */
export const MAX_CONTENT_BYTES = 200_000;
/** A glossary's terms (a `terms` array in any block's content). */
export const MAX_GLOSSARY_TERMS = 500;

const contentBytes = (value: unknown): number | null => {
  try {
    return new TextEncoder().encode(JSON.stringify(value) ?? "").length;
  } catch {
    // Nesting too deep to serialize: refused before the schema runs (storable-text.ts).
    return null;
  }
};

export const BlockContent = z
  .unknown()
  .superRefine((value, ctx) => {
    const bytes = contentBytes(value);
    if (bytes !== null && bytes > MAX_CONTENT_BYTES) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_CONTENT_BYTES} bytes of JSON (this is ${bytes})` });
    }
    const terms = (value as { terms?: unknown } | null)?.terms;
    if (Array.isArray(terms) && terms.length > MAX_GLOSSARY_TERMS) {
      ctx.addIssue({ code: "custom", path: ["terms"], message: `At most ${MAX_GLOSSARY_TERMS} glossary terms (this has ${terms.length})` });
    }
  })
  .describe(
    `Per-type payload, stored as given; its shape is never a reason for 400, its size is: at most ${MAX_CONTENT_BYTES} bytes ` +
      `as JSON (UTF-8), and a \`terms\` array (glossary) at most ${MAX_GLOSSARY_TERMS} entries`,
  );

export const BlockCreate = z
  .object({
    type: BlockType,
    position: Position.optional(),
    content: BlockContent.optional(),
    question_id: z.uuid().optional(),
    question_role: QuestionRole.optional(),
    quiz_id: z.uuid().optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (b.type === "question") {
      if (!b.question_id) issue("question_id", "Required for a question block");
      if (!b.question_role) issue("question_role", "Required for a question block");
    } else {
      if (b.question_id !== undefined) issue("question_id", "Only a question block takes question_id");
      if (b.question_role !== undefined) issue("question_role", "Only a question block takes question_role");
    }
    if (b.type === "quiz") {
      if (!b.quiz_id) issue("quiz_id", "Required for a quiz block");
    } else if (b.quiz_id !== undefined) issue("quiz_id", "Only a quiz block takes quiz_id");
  })
  .meta({ id: "BlockCreate" });

export const BlockUpdate = atLeastOne(
  z
    .object({
      position: Position.optional(),
      content: BlockContent.optional(),
      question_id: z.uuid().optional(),
      question_role: QuestionRole.optional(),
      quiz_id: z.uuid().optional(),
      lesson_id: z.uuid().optional().describe("Move the block to another lesson of the same course"),
      type: z.unknown().optional().describe("Not accepted: a block's type cannot change"),
    })
    .superRefine((b, ctx) => {
      if (b.type !== undefined) {
        ctx.addIssue({ code: "custom", path: ["type"], message: "A block's type cannot change; delete it and create a new one" });
      }
    }),
  ["position", "content", "question_id", "question_role", "quiz_id", "lesson_id"],
).meta({ id: "BlockUpdate" });

export const BlockParams = z.object({ blockId: z.uuid() });
