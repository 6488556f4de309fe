"use client";

import type { ReactNode } from "react";
import { BlockErrorBoundary } from "./block-error-boundary";
import { BlockNote } from "./block-note";
import type { BlockLike } from "./content";
import { DiagramBlock } from "./diagram-block";
import { ImageBlock, InteractiveBlock, VideoBlock } from "./media-blocks";
import { QuestionBlock } from "./question-block";
import { QuizBlock } from "./quiz-block";
import { ExampleBlock, GlossaryBlock, ScenarioBlock, TextBlock, VisualBlock } from "./text-blocks";

export type { BlockLike } from "./content";

function render(block: BlockLike): ReactNode {
  switch (block.type) {
    case "text":
      return <TextBlock content={block.content} />;
    case "example":
      return <ExampleBlock content={block.content} />;
    case "scenario":
      return <ScenarioBlock content={block.content} />;
    case "glossary":
      return <GlossaryBlock content={block.content} />;
    case "image":
      return <ImageBlock content={block.content} />;
    case "video":
      return <VideoBlock content={block.content} />;
    case "diagram":
      return <DiagramBlock content={block.content} />;
    case "interactive":
      return <InteractiveBlock content={block.content} />;
    case "question":
      return <QuestionBlock block={block} />;
    case "quiz":
      return <QuizBlock block={block} />;
    case "visual":
      return <VisualBlock content={block.content} />;
    default:
      return <BlockNote />;
  }
}

/**
 * Renders one block of any type, for the editor's preview, the learner view and other previews.
 * Content that does not match its type, unknown types and renderer failures all end in a small
 * note: one bad block never takes the page down.
 */
export function BlockView({ block }: { block: BlockLike }) {
  return (
    <div data-block-type={block.type} className="block-view">
      <BlockErrorBoundary resetKey={block.content ?? block.question ?? block.quiz}>{render(block)}</BlockErrorBoundary>
    </div>
  );
}
