// The pages of a course package (lib/authoring/exchange/package/write-package.ts), rendered to
// static HTML with the app's own block renderers. Next's route handlers cannot render React to
// HTML, so this file is bundled by `npm run package:assets` (React and the other packages left
// external) and write-package loads that bundle from disk. Its scripts come from assets/player.js.
// These are plain static pages, not Next pages: their <head> and scripts are written as they are.
/* eslint-disable @next/next/no-head-element, @next/next/no-sync-scripts */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BlockNote, Caption } from "@/components/blocks/block-note";
import { Markdown } from "@/components/blocks/markdown";
import { ImageBlock, VideoBlock } from "@/components/blocks/media-blocks";
import { ExampleBlock, GlossaryBlock, TextBlock, VisualBlock } from "@/components/blocks/text-blocks";
import {
  parseDiagram,
  parseImage,
  parseInteractive,
  parseScenario,
  parseVideo,
  QUESTION_INSTRUCTIONS,
  QUESTION_ROLE_LABELS,
  YOUTUBE_ID,
} from "@/lib/authoring/blocks/block-content";
import {
  scriptJson,
  type KeyedQuestion,
  type LessonData,
  type LessonPageProps,
  type PackageBlock,
  type PageRenderers,
  type ShellPageProps,
} from "@/lib/authoring/exchange/package/package-data";

const BUTTON =
  "inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";
const PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
const SECONDARY = `${BUTTON} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;

/** The learner reader's scenario, with its answer behind <details>: a static page has no Reveal state. */
function ScenarioBlock({ content }: { content: unknown }) {
  const c = parseScenario(content);
  if (!c) return <BlockNote />;
  return (
    <section aria-label="Scenario" className="rounded-md border border-indigo-200 bg-indigo-50/60 px-4 py-3">
      <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-indigo-800">Scenario</p>
      {c.body.trim() ? Markdown({ children: c.body }) : <p className="text-xs text-indigo-800">Empty scenario.</p>}
      {c.reveal.trim() ? (
        <details className="mt-3 rounded-md border border-indigo-100 bg-white px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-indigo-900">Reveal</summary>
          <div className="mt-2">{Markdown({ children: c.reveal })}</div>
        </details>
      ) : null}
    </section>
  );
}

/** An image block; a picture copied into the package is shown from there, like ImageBlock shows it. */
function PackageImage({ block }: { block: PackageBlock }) {
  const c = parseImage(block.content);
  if (!c || c.source.type !== "url" || !block.local_image) return ImageBlock({ content: block.content });
  return (
    <figure>
      <img
        src={block.local_image}
        alt={c.alt}
        loading="lazy"
        className="mx-auto h-auto max-h-[32rem] max-w-full rounded-md object-contain"
      />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}

/** The learner reader's video; a YouTube video also gets a written link, for when the embed cannot play. */
function PackageVideo({ content }: { content: unknown }) {
  const c = parseVideo(content);
  const video = VideoBlock({ content });
  if (!c || c.source.type !== "youtube" || !YOUTUBE_ID.test(c.source.id)) return video;
  const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(c.source.id)}${c.source.start ? `&t=${c.source.start}s` : ""}`;
  return (
    <>
      {video}
      <p className="mt-2 text-sm">
        <a href={watch} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-2">
          Watch “{c.title.trim() || "the video"}” on YouTube
        </a>
      </p>
    </>
  );
}

/** Drawn in the browser by the bundled Mermaid (assets/mermaid.min.js), with the app's settings. */
function PackageDiagram({ content }: { content: unknown }) {
  const c = parseDiagram(content);
  if (!c) return <BlockNote />;
  if (!c.source.code.trim()) return <BlockNote>No diagram code yet.</BlockNote>;
  return (
    <figure>
      <div
        data-mermaid-code={c.source.code}
        data-label={c.caption.trim() || "Diagram"}
        className="flex min-h-20 justify-center overflow-x-auto text-sm text-slate-600 [&_svg]:h-auto [&_svg]:max-w-full"
      >
        Drawing the diagram…
      </div>
      <Caption>{c.caption}</Caption>
    </figure>
  );
}

/**
 * Author HTML in a sandboxed frame: scripts run, but with an opaque origin (no allow-same-origin),
 * so they cannot reach the package's pages or the LMS's runtime.
 */
function PackageInteractive({ content }: { content: unknown }) {
  const c = parseInteractive(content);
  if (!c) return <BlockNote />;
  if (!c.source.code.trim()) return <BlockNote>No HTML yet.</BlockNote>;
  return (
    <figure>
      <iframe
        sandbox="allow-scripts"
        srcDoc={c.source.code}
        title={c.title.trim() || "Interactive content"}
        height={c.height}
        referrerPolicy="no-referrer"
        className="w-full rounded-md border border-slate-200 bg-white"
        style={{ height: c.height }}
      />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}

/** A question's options as radios or checkboxes; `name` keeps each question's radios a group of their own. */
function Choices({ question, name }: { question: KeyedQuestion; name: string }) {
  const type = question.question_type === "multiple_choice" ? "checkbox" : "radio";
  return (
    <div className="space-y-2">
      {question.options.map((o, i) => (
        <label
          key={o.id}
          data-option-id={o.id}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 data-[correct=true]:border-emerald-600 data-[correct=true]:bg-emerald-50"
        >
          <input type={type} name={name} value={o.id} id={`${name}-${i}`} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

function QuestionFieldset({ question, name, children }: { question: KeyedQuestion; name: string; children?: ReactNode }) {
  return (
    <fieldset data-question-id={question.id} className="space-y-3">
      <legend className="w-full text-base font-medium text-slate-900">{question.prompt}</legend>
      <p className="text-xs text-slate-600">{QUESTION_INSTRUCTIONS[question.question_type] ?? "Choose an answer."}</p>
      <Choices question={question} name={name} />
      {children}
    </fieldset>
  );
}

/** A practice question, checked in place against the key the package carries. */
function PackageQuestion({ block }: { block: PackageBlock }) {
  if (!block.question) return <BlockNote>This question is no longer available.</BlockNote>;
  return (
    <form data-practice={block.question.id} className="space-y-3 rounded-md border border-slate-200 bg-white px-4 py-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
        {QUESTION_ROLE_LABELS[block.question_role ?? ""] ?? "Question"}
      </p>
      <QuestionFieldset question={block.question} name={`q-${block.id}`} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={SECONDARY}>
          Check answer
        </button>
        <p role="status" className="text-sm font-medium" />
      </div>
    </form>
  );
}

/** A quiz, scored in the package by the server's rule; the final quiz says passed or not with completion=quiz. */
function PackageQuiz({ block, completion, passingScore }: { block: PackageBlock; completion: string; passingScore: number }) {
  const quiz = block.quiz;
  if (!quiz) return <BlockNote>This quiz is no longer available.</BlockNote>;
  const title = quiz.title.trim() || "Quiz";
  return (
    <form
      aria-label={title}
      data-quiz-index={quiz.index}
      data-question-ids={quiz.questions.map((q) => q.id).join(" ")}
      data-passing-score={quiz.is_final && completion === "quiz" ? passingScore : undefined}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {quiz.questions.length === 0 ? <p className="text-sm text-slate-600">This quiz has no questions.</p> : null}
      {quiz.questions.map((q) => (
        <QuestionFieldset key={q.id} question={q} name={`quiz-${block.id}-${q.id}`} />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY}>
          Submit answers
        </button>
        <p role="status" className="text-sm font-medium text-slate-900" />
      </div>
    </form>
  );
}

function renderPackageBlock(block: PackageBlock, props: LessonPageProps): ReactNode {
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
      return PackageImage({ block });
    case "video":
      return PackageVideo({ content: block.content });
    case "diagram":
      return PackageDiagram({ content: block.content });
    case "interactive":
      return PackageInteractive({ content: block.content });
    case "question":
      return PackageQuestion({ block });
    case "quiz":
      return PackageQuiz({ block, completion: props.completion, passingScore: props.passing_score });
    case "visual":
      return VisualBlock({ content: block.content });
    default:
      return <BlockNote />;
  }
}

function PackageBlockView({ block, props }: { block: PackageBlock; props: LessonPageProps }) {
  let rendered: ReactNode;
  try {
    rendered = renderPackageBlock(block, props);
  } catch {
    // As in the app: one block that cannot be rendered is a note, and the lesson stays.
    rendered = <BlockNote />;
  }
  return (
    <section aria-label={`${block.type} block`} data-block-type={block.type} className="block-view">
      {rendered}
    </section>
  );
}

function Document({ title, base, children }: { title: string; base: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href={`${base}assets/package.css`} />
      </head>
      {children}
    </html>
  );
}

function LessonPage(props: LessonPageProps) {
  const questions: LessonData["questions"] = {};
  for (const b of props.blocks) {
    if (b.question) questions[b.question.id] = b.question;
    for (const q of b.quiz?.questions ?? []) questions[q.id] = q;
  }
  const data: LessonData = { questions };
  return (
    <Document title={`${props.title} · ${props.course_title}`} base="../">
      <body data-page="lesson" className="bg-white">
        <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
          <header className="mb-6">
            <p className="text-sm text-slate-600">{props.module_title}</p>
            <h1 className="mt-1 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{props.title}</h1>
            <p className="mt-1 text-sm text-slate-600">
              Lesson {props.number} of {props.lesson_count}
            </p>
          </header>
          <div className="space-y-6 text-[1.05rem] leading-relaxed">
            {props.blocks.length === 0 ? <p className="text-slate-600">This lesson has no content yet.</p> : null}
            {props.blocks.map((b) => (
              <PackageBlockView key={b.id} block={b} props={props} />
            ))}
          </div>
        </main>
        <script type="application/json" id="lesson-data" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
        {props.has_diagram ? <script src="../assets/mermaid.min.js" /> : null}
        <script src="../assets/player.js" />
      </body>
    </Document>
  );
}

function ShellPage({ config, modules }: ShellPageProps) {
  const first = config.lessons[0];
  return (
    <Document title={config.title} base="">
      <body data-page="shell" className="bg-slate-50 text-slate-900">
        <div className="flex h-dvh flex-col">
          <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3">
            <button type="button" data-menu-toggle aria-expanded="false" aria-controls="course-nav" className={`${SECONDARY} md:hidden`}>
              Course menu
            </button>
            <p className="min-w-0 flex-1 truncate text-base font-semibold">{config.title}</p>
            <div className="flex w-full items-center gap-3 sm:w-auto">
              <div
                role="progressbar"
                aria-label="Course progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={0}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200 sm:w-40"
              >
                <div data-progress-bar className="h-full bg-brand-600" style={{ width: "0%" }} />
              </div>
              <p data-progress-text className="shrink-0 text-xs text-slate-700">
                0 of {config.lessons.length} lessons viewed
              </p>
            </div>
          </header>
          <div className="flex min-h-0 flex-1 flex-col md:flex-row">
            <nav
              id="course-nav"
              aria-label="Course"
              className="hidden max-h-[60vh] shrink-0 overflow-y-auto border-b border-slate-200 bg-white p-4 md:block md:max-h-none md:w-72 md:border-r md:border-b-0"
            >
              <ol className="space-y-4">
                {modules.map((m, i) => (
                  <li key={i}>
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{m.title}</p>
                    <ol className="mt-1 space-y-0.5">
                      {m.lessons.map((l) => (
                        <li key={l.index} className="flex items-center gap-2">
                          <a
                            href={l.href}
                            target="lesson"
                            data-lesson-index={l.index}
                            className="block min-w-0 flex-1 rounded px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                          >
                            {l.title}
                          </a>
                          <span data-viewed={l.index} hidden className="text-xs text-emerald-800">
                            <span aria-hidden="true">✓</span>
                            <span className="sr-only">viewed</span>
                          </span>
                        </li>
                      ))}
                    </ol>
                  </li>
                ))}
              </ol>
            </nav>
            <main className="flex min-h-0 min-w-0 flex-1 flex-col">
              <iframe name="lesson" title={first?.title ?? config.title} className="min-h-0 w-full flex-1 border-0 bg-white" />
              <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white px-4 py-2">
                <button type="button" data-previous className={SECONDARY}>
                  Previous lesson
                </button>
                <p role="status" data-status className="min-w-0 flex-1 text-center text-xs text-slate-700" />
                <button type="button" data-exit className={SECONDARY}>
                  Exit
                </button>
                <button type="button" data-next className={PRIMARY}>
                  Next lesson
                </button>
              </div>
            </main>
          </div>
        </div>
        <script type="application/json" id="package-config" dangerouslySetInnerHTML={{ __html: scriptJson(config) }} />
        <script src="assets/player.js" />
      </body>
    </Document>
  );
}

const page = (element: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

export const renderLessonPage: PageRenderers["renderLessonPage"] = (props) => page(<LessonPage {...props} />);
export const renderShellPage: PageRenderers["renderShellPage"] = (props) => page(<ShellPage {...props} />);
