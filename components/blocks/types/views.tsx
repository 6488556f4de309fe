// No "use client": how the app draws each block type, for the editor's previews in the browser and
// the learner's lesson on the server (../render-block.tsx). Views of interactive blocks (questions,
// quizzes, diagrams) are client components; on the server they become client islands, the others
// render to HTML. Views without hooks are called rather than placed, so one that throws (content it
// cannot read) throws in renderBlock's caller, which shows a note instead.
import type { ReactNode } from "react";
import type { BlockLike } from "@/lib/authoring/blocks/block-content";
import { isBlockType, type BlockTypeName } from "@/lib/authoring/blocks/types/registry";
import { DiagramBlock } from "./diagram/view";
import { ExampleBlock } from "./example/view";
import { GlossaryBlock } from "./glossary/view";
import { ImageBlock } from "./image/view";
import { InteractiveBlock } from "./interactive/view";
import { QuestionBlock } from "./question/view";
import { QuizBlock } from "./quiz/view";
import { ScenarioBlock } from "./scenario/view";
import { TextBlock } from "./text/view";
import { VideoBlock } from "./video/view";
import { VisualBlock } from "./visual/view";

export type BlockViewOf = (block: BlockLike) => ReactNode;

const VIEWS = {
  text: (block) => TextBlock({ content: block.content }),
  image: (block) => ImageBlock({ content: block.content }),
  diagram: (block) => <DiagramBlock content={block.content} />,
  video: (block) => VideoBlock({ content: block.content }),
  example: (block) => ExampleBlock({ content: block.content }),
  question: (block) => <QuestionBlock block={block} />,
  quiz: (block) => <QuizBlock block={block} />,
  scenario: (block) => ScenarioBlock({ content: block.content }),
  glossary: (block) => GlossaryBlock({ content: block.content }),
  interactive: (block) => InteractiveBlock({ content: block.content }),
  visual: (block) => VisualBlock({ content: block.content }),
} satisfies Record<BlockTypeName, BlockViewOf>;

/** The view of a block's type; undefined for a type this server does not know. */
export const blockViewOf = (type: string): BlockViewOf | undefined => (isBlockType(type) ? VIEWS[type] : undefined);
