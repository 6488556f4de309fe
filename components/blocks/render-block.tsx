// No "use client": the one place that knows which renderer draws which block type, used by the
// editor's BlockView in the browser and by the learner's lesson on the server. Renderers of
// interactive blocks (questions, quizzes, diagrams) are client components; on the server they
// become client islands, the others render to HTML.
import type { ReactNode } from "react";
import type { BlockLike } from "@/lib/authoring/blocks/block-content";
import { BlockNote } from "./block-note";
import { DiagramBlock } from "./diagram-block";
import { ImageBlock, InteractiveBlock, VideoBlock } from "./media-blocks";
import { QuestionBlock } from "./question-block";
import { QuizBlock } from "./quiz-block";
import { ExampleBlock, GlossaryBlock, ScenarioBlock, TextBlock, VisualBlock } from "./text-blocks";

/**
 * A block's content. Renderers without hooks are called here rather than placed as elements, so a
 * renderer that throws (content it cannot read) throws in the caller, which shows a note instead.
 */
export function renderBlock(block: BlockLike): ReactNode {
  switch (block.type) {
    case "text":
      return TextBlock({ content: block.content });
    case "example":
      return ExampleBlock({ content: block.content });
    case "scenario":
      return ScenarioBlock({ content: block.content });
    case "glossary":
      return GlossaryBlock({ content: block.content });
    case "image":
      return ImageBlock({ content: block.content });
    case "video":
      return VideoBlock({ content: block.content });
    case "diagram":
      return <DiagramBlock content={block.content} />;
    case "interactive":
      return InteractiveBlock({ content: block.content });
    case "question":
      return <QuestionBlock block={block} />;
    case "quiz":
      return <QuizBlock block={block} />;
    case "visual":
      return VisualBlock({ content: block.content });
    default:
      return <BlockNote />;
  }
}
