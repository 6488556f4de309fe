// The pages of a course package (lib/authoring/exchange/package/write-package.ts), rendered to
// static HTML with the app's own block renderers (each type's package view:
// components/blocks/types/package-views.tsx). Next's route handlers cannot render React to HTML,
// so this file is bundled by `npm run package:assets` (React and the other packages left external)
// and write-package loads that bundle from disk. Its scripts come from assets/player.js.
// These are plain static pages, not Next pages: their <head> and scripts are written as they are.
/* eslint-disable @next/next/no-head-element, @next/next/no-sync-scripts */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BlockNote } from "@/components/blocks/block-note";
import { packageViewOf } from "@/components/blocks/types/package-views";
import {
  scriptJson,
  type LessonData,
  type LessonPageProps,
  type PackageBlock,
  type PageRenderers,
  type ShellPageProps,
} from "@/lib/authoring/exchange/package/package-data";
import { PRIMARY, SECONDARY } from "./buttons";

/** A block with its type's package view; a type this server does not know is the small note. */
function renderPackageBlock(block: PackageBlock, props: LessonPageProps): ReactNode {
  const view = packageViewOf(block.type);
  return view ? view(block, props) : <BlockNote />;
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
