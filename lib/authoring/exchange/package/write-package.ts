import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ZipFile } from "yazl";
import { isWebUrl } from "@/lib/authoring/blocks/block-content";
import { parseImage } from "@/lib/authoring/blocks/types/image";
import type { ExportOptions, PackageFormat } from "../schemas";
import type { CourseSnapshot, SnapshotQuestion } from "../snapshot-types";
import { packageAuId, packageManifests } from "./manifests";
import { type KeyedQuestion, type PackageBlock, type PageRenderers, type PlayerConfig, type ShellPageProps } from "./package-data";

/** An image a package copies in: its bytes and type, or null when it cannot be had (the package then links to it). */
export type ImageSource = (url: string) => Promise<{ bytes: Uint8Array; mimeType: string } | null>;

/** What a package is made with: the passing score settled (the caller's, or the final quiz's pass mark). */
export type PackageOptions = Omit<ExportOptions, "format" | "passing_score"> & { format: PackageFormat; passing_score: number };

/** A quiz's pass mark where none was set (the quizzes' own default). */
const DEFAULT_PASS_PERCENTAGE = 70;

/** The blocks of the course's lessons, in order, that show a quiz the snapshot holds. */
const quizBlocksOf = (snapshot: CourseSnapshot) => {
  const quizIds = new Set(snapshot.quizzes.map((q) => q.id));
  return snapshot.modules
    .flatMap((m) => m.lessons.flatMap((l) => l.blocks))
    .filter((b) => b.type === "quiz" && quizIds.has(b.quiz_id ?? ""));
};

/**
 * A package's passing score when the export names none: the pass mark of the quiz that decides it
 * (the course's final quiz block), so the LMS passes a learner where the app would; 70 without a quiz.
 */
export function finalQuizPassMark(snapshot: CourseSnapshot): number {
  const last = quizBlocksOf(snapshot).at(-1);
  return snapshot.quizzes.find((q) => q.id === last?.quiz_id)?.pass_percentage ?? DEFAULT_PASS_PERCENTAGE;
}

/** Built by `npm run package:assets` and committed: the runtime, the stylesheet and the page templates. */
const asset = (name: string) => path.join(process.cwd(), "lib/authoring/exchange/package/assets", name);
const MERMAID = () => path.join(process.cwd(), "node_modules/mermaid/dist/mermaid.min.js");

/** The image types a package holds, by the extension its copy is saved under. */
export const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/svg+xml": "svg",
};

let renderers: Promise<PageRenderers> | null = null;
/**
 * The page templates, loaded from their bundle at run time: bundled into a route handler, React
 * resolves to its server-components build, which cannot render HTML (components/package/package-pages.tsx).
 */
function loadRenderers(): Promise<PageRenderers> {
  renderers ??= import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(asset("render-pages.mjs")).href
  ) as Promise<PageRenderers>;
  renderers.catch(() => (renderers = null));
  return renderers;
}

const lessonFile = (index: number) => `lessons/${String(index + 1).padStart(3, "0")}.html`;

function keyed(q: SnapshotQuestion): KeyedQuestion {
  const options = [...q.options].sort((a, b) => a.sort_order - b.sort_order);
  return {
    id: q.id,
    prompt: q.prompt,
    question_type: q.question_type,
    options: options.map(({ id, label, is_correct }) => ({ id, label, is_correct })),
  };
}

/**
 * Writes a SCORM 1.2, SCORM 2004 or cmi5 package of the course into `zip` (the caller ends it):
 * a self-contained web course, its runtime and its manifest. `snapshot` holds only the lessons the
 * package takes (learners' view, or every lesson with include_drafts).
 *
 * The launch file index.html is a shell that keeps one LMS session and shows each lesson page
 * (lessons/NNN.html) in a frame; pages are added to the zip as they are rendered.
 */
export async function writePackage(zip: ZipFile, snapshot: CourseSnapshot, options: PackageOptions, images: ImageSource): Promise<void> {
  const { renderLessonPage, renderShellPage } = await loadRenderers();
  const files: string[] = [];
  const add = (name: string, data: string | Buffer) => {
    zip.addBuffer(typeof data === "string" ? Buffer.from(data, "utf8") : data, name);
    files.push(name);
  };

  const questions = new Map(snapshot.questions.map((q) => [q.id, keyed(q)]));
  const quizzes = new Map(snapshot.quizzes.map((q) => [q.id, q]));
  const modules = snapshot.modules.filter((m) => m.lessons.length > 0);
  const lessons = modules.flatMap((m) => m.lessons.map((l) => ({ lesson: l, module: m })));
  const quizBlockCount = quizBlocksOf(snapshot).length;
  const finalQuiz = quizBlockCount > 0 ? quizBlockCount - 1 : null;

  // An image used twice (or two addresses of the same bytes) is copied once.
  const copied = new Map<string, string | null>();
  const copyImage = async (url: string): Promise<string | null> => {
    if (copied.has(url)) return copied.get(url)!;
    const image = await images(url);
    const ext = image ? IMAGE_EXTENSIONS[image.mimeType.toLowerCase()] : undefined;
    let name: string | null = null;
    if (image && ext) {
      name = `assets/images/${createHash("sha256").update(image.bytes).digest("hex").slice(0, 20)}.${ext}`;
      if (!files.includes(name)) add(name, Buffer.from(image.bytes));
    }
    copied.set(url, name);
    return name;
  };

  let quizIndex = 0;
  let hasDiagram = false;
  for (const [i, { lesson, module }] of lessons.entries()) {
    const blocks: PackageBlock[] = [];
    for (const block of lesson.blocks) {
      const quiz = block.quiz_id ? quizzes.get(block.quiz_id) : undefined;
      const image = block.type === "image" ? parseImage(block.content) : null;
      const local = image?.source.type === "url" && isWebUrl(image.source.url) ? await copyImage(image.source.url.trim()) : null;
      blocks.push({
        ...block,
        question: block.type === "question" && block.question_id ? (questions.get(block.question_id) ?? null) : null,
        quiz:
          block.type === "quiz" && quiz
            ? {
                index: quizIndex,
                title: quiz.title,
                questions: quiz.question_ids.flatMap((id) => questions.get(id) ?? []),
                is_final: quizIndex++ === finalQuiz,
              }
            : null,
        local_image: local ? `../${local}` : null,
      });
    }
    const lessonHasDiagram = lesson.blocks.some((b) => b.type === "diagram");
    hasDiagram ||= lessonHasDiagram;
    add(
      lessonFile(i),
      renderLessonPage({
        course_title: snapshot.course.title,
        module_title: module.title,
        title: lesson.title,
        number: i + 1,
        lesson_count: lessons.length,
        blocks,
        completion: options.completion,
        passing_score: options.passing_score,
        has_diagram: lessonHasDiagram,
      }),
    );
  }

  const config: PlayerConfig = {
    format: options.format,
    completion: options.completion,
    passing_score: options.passing_score,
    au_id: packageAuId(snapshot),
    title: snapshot.course.title,
    lessons: lessons.map(({ lesson, module }, i) => ({ title: lesson.title, module: module.title, href: lessonFile(i) })),
    quiz_count: quizBlockCount,
    final_quiz: finalQuiz,
  };
  let next = 0;
  const nav: ShellPageProps["modules"] = modules.map((m) => ({
    title: m.title,
    lessons: m.lessons.map((l) => ({ title: l.title, href: lessonFile(next), index: next++ })),
  }));
  add("index.html", renderShellPage({ config, modules: nav }));

  for (const name of ["player.js", "package.css"]) add(`assets/${name}`, await readFile(asset(name)));
  if (hasDiagram) {
    // Mermaid is 3.5 MB: streamed from disk, not read into memory.
    zip.addFile(MERMAID(), "assets/mermaid.min.js");
    files.push("assets/mermaid.min.js");
  }

  for (const file of packageManifests(snapshot, options, [...files])) add(file.name, file.text);
}
