// The lesson editor's form for each block type (../../lesson-editor/block-card.tsx): a content form
// for a type with content, a question or quiz picker for one that names a question or quiz. The
// compiler checks both kinds against the registry's definitions.
import { isBlockType, type BlockTypeName, type KnownBlockTypeDefinition } from "@/lib/authoring/blocks/types/registry";
import { diagramEditor } from "./diagram/editor";
import type { BlockEditor, ContentEditor, ReferenceEditor } from "./editor-kit";
import { exampleEditor } from "./example/editor";
import { glossaryEditor } from "./glossary/editor";
import { imageEditor } from "./image/editor";
import { interactiveEditor } from "./interactive/editor";
import { questionEditor } from "./question/editor";
import { quizEditor } from "./quiz/editor";
import { scenarioEditor } from "./scenario/editor";
import { textEditor } from "./text/editor";
import { videoEditor } from "./video/editor";
import { visualEditor } from "./visual/editor";

/** A content type's editor is a content form; a reference type's, a picker. */
type EditorFor<T extends BlockTypeName> =
  Extract<KnownBlockTypeDefinition, { type: T }> extends { reference: string } ? ReferenceEditor : ContentEditor;

const EDITORS = {
  text: textEditor,
  image: imageEditor,
  diagram: diagramEditor,
  video: videoEditor,
  example: exampleEditor,
  question: questionEditor,
  quiz: quizEditor,
  scenario: scenarioEditor,
  glossary: glossaryEditor,
  interactive: interactiveEditor,
  visual: visualEditor,
} satisfies { [T in BlockTypeName]: EditorFor<T> };

/** The editor of a block's type; undefined for a type this editor does not know. */
export const blockEditorOf = (type: string): BlockEditor | undefined => (isBlockType(type) ? EDITORS[type] : undefined);
