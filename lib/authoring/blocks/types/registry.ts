// The block types: each is a module beside this one (its content's shape and parser, what a new
// block starts with, its label and icon), and its surfaces (view, editor form, package view) are a
// folder in components/blocks/types/, listed in maps the compiler checks against this list
// (docs/decisions/054-block-type-registry.md).
import type { BlockTypeDefinition } from "./define";
import { diagramBlock } from "./diagram";
import { exampleBlock } from "./example";
import { glossaryBlock } from "./glossary";
import { imageBlock } from "./image";
import { interactiveBlock } from "./interactive";
import { questionBlock } from "./question";
import { quizBlock } from "./quiz";
import { scenarioBlock } from "./scenario";
import { textBlock } from "./text";
import { videoBlock } from "./video";
import { visualBlock } from "./visual";

/** Every block type, in the order the API lists them (BlockCreate's enum): a new type goes last. */
export const BLOCK_TYPE_DEFINITIONS = [
  textBlock,
  imageBlock,
  diagramBlock,
  videoBlock,
  exampleBlock,
  questionBlock,
  quizBlock,
  scenarioBlock,
  glossaryBlock,
  interactiveBlock,
  visualBlock,
] as const;

/** The definitions as declared, each with its literal shape (content or reference). */
export type KnownBlockTypeDefinition = (typeof BLOCK_TYPE_DEFINITIONS)[number];
export type BlockTypeName = KnownBlockTypeDefinition["type"];

export const BLOCK_TYPES: readonly BlockTypeName[] = BLOCK_TYPE_DEFINITIONS.map((d) => d.type);

const byType = new Map<string, BlockTypeDefinition<BlockTypeName>>(BLOCK_TYPE_DEFINITIONS.map((d) => [d.type, d]));

/** Whether this server knows the type: blocks of other types (a newer server's) are kept and shown as a note. */
export const isBlockType = (type: string): type is BlockTypeName => byType.has(type);

export function blockTypeDefinition(type: string): BlockTypeDefinition<BlockTypeName> | undefined {
  return byType.get(type);
}

export const blockTypeLabel = (type: string) => byType.get(type)?.label ?? "Unknown block";

/**
 * Whether a block's content has its type's shape; when it does not, renderers show the block empty
 * and the editor says so. A block that holds a reference, or of a type this server does not know, has no shape to miss.
 */
export function contentFitsType(type: string, content: unknown): boolean {
  const rules = byType.get(type)?.content;
  return !rules || rules.parse(content) !== null;
}

/** The editor's "Add block" menu, in the order authors reach for them. */
const MENU_ORDER = [
  "text",
  "example",
  "scenario",
  "glossary",
  "image",
  "video",
  "diagram",
  "interactive",
  "question",
  "quiz",
  "visual",
] as const satisfies readonly BlockTypeName[];
// Every type is offered: a type missing from MENU_ORDER is named by the error here.
const _everyTypeInTheMenu: Record<Exclude<BlockTypeName, (typeof MENU_ORDER)[number]>, never> = {};

export const BLOCK_MENU: readonly BlockTypeDefinition<BlockTypeName>[] = MENU_ORDER.map((type) => byType.get(type)!);
