// What writePackage hands the package's page templates (components/package/package-pages.tsx) and
// what those pages hand the runtime (./runtime/player.ts) in the browser.
import type { SnapshotBlock } from "../snapshot-types";
import type { PackageConfig } from "./runtime/tracker";

/** A lesson as the shell lists it: `href` is its page, relative to index.html. */
export type PlayerLesson = { title: string; module: string; href: string };

/** The config JSON in index.html (script#package-config): the standard's settings, the lessons, the quizzes. */
export type PlayerConfig = PackageConfig & {
  title: string;
  lessons: PlayerLesson[];
  /** How many quiz blocks the course has; each is known by its place among them (0-based). */
  quiz_count: number;
  /** The course's final quiz (the last quiz block), which decides completion=quiz; null without one. */
  final_quiz: number | null;
};

/** A question's options with the answer key: the package checks and scores answers itself. */
export type KeyedQuestion = {
  id: string;
  prompt: string;
  question_type: string;
  options: { id: string; label: string; is_correct: boolean }[];
};

/** The JSON in each lesson page (script#lesson-data): the keys of the questions it shows. */
export type LessonData = { questions: Record<string, KeyedQuestion> };

/** A block as the package renders it: its question or quiz resolved, its image copied or not. */
export type PackageBlock = SnapshotBlock & {
  question: KeyedQuestion | null;
  quiz: { index: number; title: string; questions: KeyedQuestion[]; is_final: boolean } | null;
  /** An image block's picture copied into the package: its path from the lesson page. */
  local_image: string | null;
};

export type LessonPageProps = {
  course_title: string;
  module_title: string;
  title: string;
  /** 1-based, of `lesson_count`. */
  number: number;
  lesson_count: number;
  blocks: PackageBlock[];
  completion: PackageConfig["completion"];
  passing_score: number;
  has_diagram: boolean;
};

export type ShellPageProps = {
  config: PlayerConfig;
  modules: { title: string; lessons: { title: string; href: string; index: number }[] }[];
};

/** Page renderers built from the app's block renderers (npm run package:assets: assets/render-pages.mjs). */
export type PageRenderers = {
  renderLessonPage(props: LessonPageProps): string;
  renderShellPage(props: ShellPageProps): string;
};

/** JSON inside a <script> element: "<" escaped so no "</script>" in the data can end the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
