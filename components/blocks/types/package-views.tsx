// How a course package's lesson page draws each block type (../../package/package-pages.tsx). Most
// reuse the app's views; a static page has no client islands, so the scenario's answer is behind
// <details>, diagrams are drawn by the bundled Mermaid, interactive HTML is a srcdoc frame, and
// questions and quizzes are plain forms that assets/player.js checks (docs/decisions/045).
// Nothing here may import a client view: this file is bundled into assets/render-pages.mjs.
import type { ReactNode } from "react";
import { isBlockType, type BlockTypeName } from "@/lib/authoring/blocks/types/registry";
import type { LessonPageProps, PackageBlock } from "@/lib/authoring/exchange/package/package-data";
import { PackageDiagram } from "./diagram/package-view";
import { ExampleBlock } from "./example/view";
import { GlossaryBlock } from "./glossary/view";
import { PackageImage } from "./image/package-view";
import { PackageInteractive } from "./interactive/package-view";
import { PackageQuestion } from "./question/package-view";
import { PackageQuiz } from "./quiz/package-view";
import { PackageScenario } from "./scenario/package-view";
import { TextBlock } from "./text/view";
import { PackageVideo } from "./video/package-view";
import { VisualBlock } from "./visual/view";

export type PackageViewOf = (block: PackageBlock, page: LessonPageProps) => ReactNode;

const PACKAGE_VIEWS = {
  text: (block) => TextBlock({ content: block.content }),
  image: (block) => PackageImage({ block }),
  diagram: (block) => PackageDiagram({ content: block.content }),
  video: (block) => PackageVideo({ content: block.content }),
  example: (block) => ExampleBlock({ content: block.content }),
  question: (block) => PackageQuestion({ block }),
  quiz: (block, page) => PackageQuiz({ block, completion: page.completion, passingScore: page.passing_score }),
  scenario: (block) => PackageScenario({ content: block.content }),
  glossary: (block) => GlossaryBlock({ content: block.content }),
  interactive: (block) => PackageInteractive({ content: block.content }),
  visual: (block) => VisualBlock({ content: block.content }),
} satisfies Record<BlockTypeName, PackageViewOf>;

/** The package view of a block's type; undefined for a type this server does not know. */
export const packageViewOf = (type: string): PackageViewOf | undefined => (isBlockType(type) ? PACKAGE_VIEWS[type] : undefined);
