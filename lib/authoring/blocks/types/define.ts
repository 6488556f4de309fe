// What a block type says about itself in plain data, importable anywhere (the API's schemas, the
// server's checks, the editor, the renderers, the package pages): docs/decisions/054.

/** The rules of a block type whose content is a JSON object stored as given (contract.md, Blocks). */
export type BlockContentRules<Content> = {
  /**
   * The content as renderers read it, or null for a shape this type does not recognise, so the block
   * renders empty (an agent may store any shape: it is never a reason for 400).
   */
  parse: (content: unknown) => Content | null;
  /** What a new block starts with: the shape of its type, empty, so the form and preview fit at once. */
  initial: () => unknown;
};

export type BlockTypeDefinition<Type extends string = string, Content = unknown> = {
  /** What the API and the database call it. */
  type: Type;
  /** Its name on the editor's cards, in its menu and in messages. */
  label: string;
  /** The editor's "Add block" menu: the line under the label, and the glyph beside it. */
  description: string;
  icon: string;
} & (
  | { content: BlockContentRules<Content>; reference?: never }
  | {
      content?: never;
      /**
       * The block holds no content but names a question or a quiz of the project (its question_id or
       * quiz_id column), picked before the block exists (BlockCreate).
       */
      reference: "question" | "quiz";
    }
);

/** A block type's definition, its literal shape kept so the registry can check its surfaces against it. */
export const defineBlockType = <const D extends BlockTypeDefinition>(definition: D): D => definition;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const str = (v: unknown) => (typeof v === "string" ? v : "");
export const optionalStringOk = (v: unknown) => v === undefined || v === null || typeof v === "string";
