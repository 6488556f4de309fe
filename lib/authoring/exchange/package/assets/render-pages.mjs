// Built by npm run package:assets from components/package/package-pages.tsx: do not edit.

// components/package/package-pages.tsx
import { renderToStaticMarkup } from "react-dom/server";

// components/blocks/block-note.tsx
import { jsx } from "react/jsx-runtime";
function BlockNote({ children = "This block cannot be shown." }) {
  return /* @__PURE__ */ jsx("div", { role: "note", className: "rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-500", children });
}
function Caption({ children }) {
  return children.trim() ? /* @__PURE__ */ jsx("figcaption", { className: "mt-2 text-center text-xs text-slate-500", children }) : null;
}

// lib/authoring/blocks/types/define.ts
var defineBlockType = (definition) => definition;
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var str = (v) => typeof v === "string" ? v : "";
var optionalStringOk = (v) => v === void 0 || v === null || typeof v === "string";

// lib/authoring/blocks/types/diagram.ts
function parseDiagram(content) {
  if (!isObject(content) || !isObject(content.source)) return null;
  if (content.source.type !== "mermaid" || typeof content.source.code !== "string") return null;
  return { source: { type: "mermaid", code: content.source.code }, caption: str(content.caption) };
}
var diagramBlock = defineBlockType({
  type: "diagram",
  label: "Diagram",
  description: "A Mermaid flowchart or chart",
  icon: "⇄",
  content: {
    parse: parseDiagram,
    initial: () => ({ source: { type: "mermaid", code: "flowchart LR\n  A[Start] --> B[Finish]" }, caption: "" })
  }
});

// lib/authoring/blocks/types/text.ts
function parseMarkdown(content) {
  if (!isObject(content) || typeof content.body !== "string") return null;
  return { body: content.body };
}
var textBlock = defineBlockType({
  type: "text",
  label: "Text",
  description: "Paragraphs, lists and tables in Markdown",
  icon: "¶",
  content: { parse: parseMarkdown, initial: () => ({ body: "" }) }
});

// lib/authoring/blocks/types/example.ts
var exampleBlock = defineBlockType({
  type: "example",
  label: "Example",
  description: "A worked example, set apart",
  icon: "✎",
  content: { parse: parseMarkdown, initial: () => ({ body: "" }) }
});

// lib/authoring/blocks/types/glossary.ts
function parseGlossary(content) {
  if (!isObject(content) || !optionalStringOk(content.title) || !Array.isArray(content.terms)) return null;
  const terms = content.terms.filter(isObject).map((t) => ({ term: str(t.term), definition: str(t.definition) }));
  if (terms.length !== content.terms.length) return null;
  return { title: str(content.title), terms };
}
var glossaryBlock = defineBlockType({
  type: "glossary",
  label: "Glossary",
  description: "Terms and their definitions",
  icon: "≡",
  content: { parse: parseGlossary, initial: () => ({ title: "", terms: [{ term: "", definition: "" }] }) }
});

// lib/authoring/blocks/types/image.ts
function parseImage(content) {
  if (!isObject(content) || !isObject(content.source)) return null;
  const { source } = content;
  const base = { alt: str(content.alt), caption: str(content.caption) };
  if (source.type === "url" && typeof source.url === "string") return { source: { type: "url", url: source.url }, ...base };
  if (source.type === "svg" && typeof source.code === "string") return { source: { type: "svg", code: source.code }, ...base };
  return null;
}
var imageBlock = defineBlockType({
  type: "image",
  label: "Image",
  description: "A picture from a link, or SVG code",
  icon: "▣",
  content: { parse: parseImage, initial: () => ({ source: { type: "url", url: "" }, alt: "", caption: "" }) }
});

// lib/authoring/blocks/types/interactive.ts
var INTERACTIVE_HEIGHT = { default: 400, min: 100, max: 2e3 };
function clampHeight(value) {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return INTERACTIVE_HEIGHT.default;
  return Math.min(INTERACTIVE_HEIGHT.max, Math.max(INTERACTIVE_HEIGHT.min, Math.round(n)));
}
function parseInteractive(content) {
  if (!isObject(content) || !isObject(content.source)) return null;
  if (content.source.type !== "html" || typeof content.source.code !== "string") return null;
  return {
    source: { type: "html", code: content.source.code },
    title: str(content.title),
    caption: str(content.caption),
    height: clampHeight(content.height)
  };
}
var interactiveBlock = defineBlockType({
  type: "interactive",
  label: "Interactive",
  description: "Your own HTML and script, sandboxed",
  icon: "</>",
  content: {
    parse: parseInteractive,
    initial: () => ({ source: { type: "html", code: "" }, title: "", caption: "", height: INTERACTIVE_HEIGHT.default })
  }
});

// lib/authoring/blocks/types/question.ts
var questionBlock = defineBlockType({
  type: "question",
  label: "Question",
  description: "A question from the bank, to practise",
  icon: "?",
  reference: "question"
});

// lib/authoring/blocks/types/quiz.ts
var quizBlock = defineBlockType({
  type: "quiz",
  label: "Quiz",
  description: "A quiz from this project",
  icon: "✓",
  reference: "quiz"
});

// lib/authoring/blocks/types/scenario.ts
function parseScenario(content) {
  if (!isObject(content) || typeof content.body !== "string" || !optionalStringOk(content.reveal)) return null;
  return { body: content.body, reveal: str(content.reveal) };
}
var scenarioBlock = defineBlockType({
  type: "scenario",
  label: "Scenario",
  description: "A situation with a hidden reveal",
  icon: "◐",
  content: { parse: parseScenario, initial: () => ({ body: "", reveal: "" }) }
});

// lib/authoring/blocks/block-content.ts
function wholeSeconds(value) {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
var YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
function youTubeEmbedUrl(id, start) {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?start=${start}`;
}
function isWebUrl(value) {
  const v = value.trim();
  if (v.startsWith("/") && !v.startsWith("//")) return true;
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
var QUESTION_ROLE_LABELS = {
  practice: "Practice",
  checkpoint: "Checkpoint",
  assessment: "Assessment",
  review: "Review"
};
var QUESTION_INSTRUCTIONS = {
  single_choice: "Choose one answer.",
  true_false: "True or false?",
  multiple_choice: "Choose all answers that apply."
};

// lib/authoring/blocks/types/video.ts
function parseVideo(content) {
  if (!isObject(content) || !isObject(content.source)) return null;
  const { source } = content;
  const base = { title: str(content.title), caption: str(content.caption) };
  if (source.type === "youtube" && typeof source.id === "string") {
    return { source: { type: "youtube", id: source.id, start: wholeSeconds(source.start) }, ...base };
  }
  if (source.type === "url" && typeof source.url === "string") return { source: { type: "url", url: source.url }, ...base };
  return null;
}
var videoBlock = defineBlockType({
  type: "video",
  label: "Video",
  description: "YouTube or a video file",
  icon: "▶",
  content: { parse: parseVideo, initial: () => ({ source: { type: "youtube", id: "", start: 0 }, title: "", caption: "" }) }
});

// lib/authoring/blocks/types/visual.ts
function parseVisual(content) {
  if (!isObject(content) || typeof content.prompt !== "string" || !optionalStringOk(content.status)) return null;
  return { prompt: content.prompt, status: str(content.status) };
}
var VISUAL_STATUSES = {
  pending: "Pending",
  in_progress: "In progress",
  ready: "Ready"
};
function visualStatusLabel(status) {
  if (!status.trim()) return "Pending";
  return VISUAL_STATUSES[status] ?? status.replace(/[_-]+/g, " ").replace(/^./, (s) => s.toUpperCase());
}
var visualBlock = defineBlockType({
  type: "visual",
  label: "Visual",
  description: "A placeholder for a visual still to be made",
  icon: "◇",
  content: { parse: parseVisual, initial: () => ({ prompt: "", status: "pending" }) }
});

// lib/authoring/blocks/types/registry.ts
var BLOCK_TYPE_DEFINITIONS = [
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
  visualBlock
];
var BLOCK_TYPES = BLOCK_TYPE_DEFINITIONS.map((d) => d.type);
var byType = new Map(BLOCK_TYPE_DEFINITIONS.map((d) => [d.type, d]));
var isBlockType = (type) => byType.has(type);
var MENU_ORDER = [
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
  "visual"
];
var BLOCK_MENU = MENU_ORDER.map((type) => byType.get(type));

// components/blocks/types/diagram/package-view.tsx
import { jsx as jsx2, jsxs } from "react/jsx-runtime";
function PackageDiagram({ content }) {
  const c = parseDiagram(content);
  if (!c) return /* @__PURE__ */ jsx2(BlockNote, {});
  if (!c.source.code.trim()) return /* @__PURE__ */ jsx2(BlockNote, { children: "No diagram code yet." });
  return /* @__PURE__ */ jsxs("figure", { children: [
    /* @__PURE__ */ jsx2(
      "div",
      {
        "data-mermaid-code": c.source.code,
        "data-label": c.caption.trim() || "Diagram",
        className: "flex min-h-20 justify-center overflow-x-auto text-sm text-slate-600 [&_svg]:h-auto [&_svg]:max-w-full",
        children: "Drawing the diagram…"
      }
    ),
    /* @__PURE__ */ jsx2(Caption, { children: c.caption })
  ] });
}

// components/blocks/markdown.tsx
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { jsx as jsx3 } from "react/jsx-runtime";
var components = {
  h1: (props) => /* @__PURE__ */ jsx3("h2", { className: "mt-5 mb-2 text-xl font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h2: (props) => /* @__PURE__ */ jsx3("h3", { className: "mt-5 mb-2 text-lg font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h3: (props) => /* @__PURE__ */ jsx3("h4", { className: "mt-4 mb-2 text-base font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h4: (props) => /* @__PURE__ */ jsx3("h5", { className: "mt-4 mb-1 text-sm font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h5: (props) => /* @__PURE__ */ jsx3("h6", { className: "mt-3 mb-1 text-sm font-semibold text-slate-700 first:mt-0", ...strip(props) }),
  h6: (props) => /* @__PURE__ */ jsx3("h6", { className: "mt-3 mb-1 text-sm font-medium text-slate-600 first:mt-0", ...strip(props) }),
  p: (props) => /* @__PURE__ */ jsx3("p", { className: "my-2 leading-relaxed first:mt-0 last:mb-0", ...strip(props) }),
  a: ({ node: _node, ...props }) => /* @__PURE__ */ jsx3(
    "a",
    {
      className: "font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700",
      target: "_blank",
      rel: "noopener noreferrer nofollow",
      ...props
    }
  ),
  ul: (props) => /* @__PURE__ */ jsx3("ul", { className: "my-2 list-disc space-y-1 pl-6", ...strip(props) }),
  ol: (props) => /* @__PURE__ */ jsx3("ol", { className: "my-2 list-decimal space-y-1 pl-6", ...strip(props) }),
  blockquote: (props) => /* @__PURE__ */ jsx3("blockquote", { className: "my-3 border-l-4 border-slate-200 pl-4 text-slate-600 italic", ...strip(props) }),
  hr: () => /* @__PURE__ */ jsx3("hr", { className: "my-4 border-slate-200" }),
  code: ({ node: _node, className, ...props }) => /* @__PURE__ */ jsx3("code", { className: `rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] ${className ?? ""}`, ...props }),
  pre: (props) => /* @__PURE__ */ jsx3(
    "pre",
    {
      className: "my-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-sm text-slate-100 [&_code]:bg-transparent [&_code]:p-0",
      ...strip(props)
    }
  ),
  table: (props) => /* @__PURE__ */ jsx3("div", { className: "my-3 overflow-x-auto", children: /* @__PURE__ */ jsx3("table", { className: "min-w-full border-collapse text-sm", ...strip(props) }) }),
  th: (props) => /* @__PURE__ */ jsx3("th", { className: "border border-slate-200 bg-slate-50 px-3 py-1.5 text-left font-semibold", ...strip(props) }),
  td: (props) => /* @__PURE__ */ jsx3("td", { className: "border border-slate-200 px-3 py-1.5 align-top", ...strip(props) }),
  img: ({ node: _node, alt, ...props }) => /* @__PURE__ */ jsx3("img", { alt: alt ?? "", className: "my-3 max-w-full rounded-md", loading: "lazy", referrerPolicy: "no-referrer", ...props })
};
function strip({ node: _node, ...rest }) {
  return rest;
}
function Markdown({ children }) {
  return /* @__PURE__ */ jsx3("div", { className: "text-sm text-slate-800 [&_input[type=checkbox]]:mr-1.5 [&_li>p]:my-0", children: ReactMarkdown({ remarkPlugins: [remarkGfm], components, children }) });
}

// components/blocks/types/example/view.tsx
import { jsx as jsx4, jsxs as jsxs2 } from "react/jsx-runtime";
function ExampleBlock({ content }) {
  const c = parseMarkdown(content);
  if (!c) return /* @__PURE__ */ jsx4(BlockNote, {});
  return /* @__PURE__ */ jsxs2("aside", { "aria-label": "Example", className: "rounded-r-md border-l-4 border-amber-400 bg-amber-50 px-4 py-3", children: [
    /* @__PURE__ */ jsx4("p", { className: "mb-1.5 text-xs font-semibold uppercase tracking-wide text-amber-800", children: "Example" }),
    c.body.trim() ? Markdown({ children: c.body }) : /* @__PURE__ */ jsx4("p", { className: "text-xs text-amber-800/70", children: "Empty example." })
  ] });
}

// components/blocks/types/glossary/view.tsx
import { jsx as jsx5, jsxs as jsxs3 } from "react/jsx-runtime";
function GlossaryBlock({ content }) {
  const c = parseGlossary(content);
  if (!c) return /* @__PURE__ */ jsx5(BlockNote, {});
  const terms = c.terms.filter((t) => t.term.trim() || t.definition.trim());
  return /* @__PURE__ */ jsxs3("section", { "aria-label": c.title.trim() || "Glossary", className: "rounded-md border border-slate-200 bg-white px-4 py-3", children: [
    /* @__PURE__ */ jsx5("h3", { className: "mb-2 text-sm font-semibold text-slate-900", children: c.title.trim() || "Glossary" }),
    terms.length === 0 ? /* @__PURE__ */ jsx5("p", { className: "text-xs text-slate-500", children: "No terms yet." }) : /* @__PURE__ */ jsx5("dl", { className: "divide-y divide-slate-100 text-sm", children: terms.map((t, i) => /* @__PURE__ */ jsxs3("div", { className: "grid gap-1 py-2 sm:grid-cols-[minmax(8rem,1fr)_3fr] sm:gap-4", children: [
      /* @__PURE__ */ jsx5("dt", { className: "font-medium text-slate-900", children: t.term }),
      /* @__PURE__ */ jsx5("dd", { className: "text-slate-700", children: t.definition })
    ] }, i)) })
  ] });
}

// components/blocks/types/image/view.tsx
import { jsx as jsx6, jsxs as jsxs4 } from "react/jsx-runtime";
function svgDataUrl(code) {
  let svg = code.trim();
  if (/^<svg\b/i.test(svg) && !/^<svg\b[^>]*\sxmlns=/i.test(svg)) svg = svg.replace(/^<svg\b/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
function svgSize(code) {
  const root = code.match(/<svg\b[^>]*>/i)?.[0];
  if (!root) return null;
  const attr = (name) => root.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i"))?.[1]?.trim();
  const pixels = (value) => value && /^\d+(\.\d+)?(px)?$/.test(value) ? parseFloat(value) : NaN;
  const box = (attr("viewBox") ?? "").split(/[\s,]+/).map(Number);
  const boxWidth = box.length === 4 && box[2] > 0 ? box[2] : NaN;
  const boxHeight = box.length === 4 && box[3] > 0 ? box[3] : NaN;
  let width = pixels(attr("width"));
  let height = pixels(attr("height"));
  if (!(width > 0) && height > 0 && boxWidth && boxHeight) width = height * boxWidth / boxHeight;
  if (!(height > 0) && width > 0 && boxWidth && boxHeight) height = width * boxHeight / boxWidth;
  if (!(width > 0) || !(height > 0)) [width, height] = [boxWidth, boxHeight];
  return width > 0 && height > 0 ? { width: Math.round(width), height: Math.round(height) } : null;
}
function ImageBlock({ content }) {
  const c = parseImage(content);
  if (!c) return /* @__PURE__ */ jsx6(BlockNote, {});
  const src = c.source.type === "svg" ? c.source.code.trim() ? svgDataUrl(c.source.code) : null : isWebUrl(c.source.url) ? c.source.url.trim() : null;
  if (!src) {
    return /* @__PURE__ */ jsx6(BlockNote, { children: c.source.type === "svg" ? "No SVG code yet." : c.source.url.trim() ? "This image address cannot be shown (use an http or https link)." : "No image address yet." });
  }
  const size = c.source.type === "svg" ? svgSize(c.source.code) : null;
  return /* @__PURE__ */ jsxs4("figure", { children: [
    /* @__PURE__ */ jsx6(
      "img",
      {
        src,
        alt: c.alt,
        loading: "lazy",
        referrerPolicy: "no-referrer",
        width: size?.width,
        height: size?.height,
        className: "mx-auto h-auto max-h-[32rem] max-w-full rounded-md object-contain"
      }
    ),
    /* @__PURE__ */ jsx6(Caption, { children: c.caption })
  ] });
}

// components/blocks/types/image/package-view.tsx
import { jsx as jsx7, jsxs as jsxs5 } from "react/jsx-runtime";
function PackageImage({ block }) {
  const c = parseImage(block.content);
  if (!c || c.source.type !== "url" || !block.local_image) return ImageBlock({ content: block.content });
  return /* @__PURE__ */ jsxs5("figure", { children: [
    /* @__PURE__ */ jsx7(
      "img",
      {
        src: block.local_image,
        alt: c.alt,
        loading: "lazy",
        className: "mx-auto h-auto max-h-[32rem] max-w-full rounded-md object-contain"
      }
    ),
    /* @__PURE__ */ jsx7(Caption, { children: c.caption })
  ] });
}

// components/blocks/types/interactive/package-view.tsx
import { jsx as jsx8, jsxs as jsxs6 } from "react/jsx-runtime";
function PackageInteractive({ content }) {
  const c = parseInteractive(content);
  if (!c) return /* @__PURE__ */ jsx8(BlockNote, {});
  if (!c.source.code.trim()) return /* @__PURE__ */ jsx8(BlockNote, { children: "No HTML yet." });
  return /* @__PURE__ */ jsxs6("figure", { children: [
    /* @__PURE__ */ jsx8(
      "iframe",
      {
        sandbox: "allow-scripts",
        srcDoc: c.source.code,
        title: c.title.trim() || "Interactive content",
        height: c.height,
        referrerPolicy: "no-referrer",
        className: "w-full rounded-md border border-slate-200 bg-white",
        style: { height: c.height }
      }
    ),
    /* @__PURE__ */ jsx8(Caption, { children: c.caption })
  ] });
}

// components/package/buttons.ts
var BUTTON = "inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";
var PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
var SECONDARY = `${BUTTON} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;

// components/package/question-fieldset.tsx
import { jsx as jsx9, jsxs as jsxs7 } from "react/jsx-runtime";
function Choices({ question, name }) {
  const type = question.question_type === "multiple_choice" ? "checkbox" : "radio";
  return /* @__PURE__ */ jsx9("div", { className: "space-y-2", children: question.options.map((o, i) => /* @__PURE__ */ jsxs7(
    "label",
    {
      "data-option-id": o.id,
      className: "flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 data-[correct=true]:border-emerald-600 data-[correct=true]:bg-emerald-50",
      children: [
        /* @__PURE__ */ jsx9("input", { type, name, value: o.id, id: `${name}-${i}`, className: "mt-0.5 h-4 w-4 shrink-0 accent-brand-600" }),
        /* @__PURE__ */ jsx9("span", { children: o.label })
      ]
    },
    o.id
  )) });
}
function QuestionFieldset({ question, name, children }) {
  return /* @__PURE__ */ jsxs7("fieldset", { "data-question-id": question.id, className: "space-y-3", children: [
    /* @__PURE__ */ jsx9("legend", { className: "w-full text-base font-medium text-slate-900", children: question.prompt }),
    /* @__PURE__ */ jsx9("p", { className: "text-xs text-slate-600", children: QUESTION_INSTRUCTIONS[question.question_type] ?? "Choose an answer." }),
    /* @__PURE__ */ jsx9(Choices, { question, name }),
    children
  ] });
}

// components/blocks/types/question/package-view.tsx
import { jsx as jsx10, jsxs as jsxs8 } from "react/jsx-runtime";
function PackageQuestion({ block }) {
  if (!block.question) return /* @__PURE__ */ jsx10(BlockNote, { children: "This question is no longer available." });
  return /* @__PURE__ */ jsxs8("form", { "data-practice": block.question.id, className: "space-y-3 rounded-md border border-slate-200 bg-white px-4 py-3", children: [
    /* @__PURE__ */ jsx10("p", { className: "text-xs font-semibold uppercase tracking-wide text-brand-700", children: QUESTION_ROLE_LABELS[block.question_role ?? ""] ?? "Question" }),
    /* @__PURE__ */ jsx10(QuestionFieldset, { question: block.question, name: `q-${block.id}` }),
    /* @__PURE__ */ jsxs8("div", { className: "flex flex-wrap items-center gap-3", children: [
      /* @__PURE__ */ jsx10("button", { type: "submit", className: SECONDARY, children: "Check answer" }),
      /* @__PURE__ */ jsx10("p", { role: "status", className: "text-sm font-medium" })
    ] })
  ] });
}

// components/blocks/types/quiz/package-view.tsx
import { jsx as jsx11, jsxs as jsxs9 } from "react/jsx-runtime";
function PackageQuiz({ block, completion, passingScore }) {
  const quiz = block.quiz;
  if (!quiz) return /* @__PURE__ */ jsx11(BlockNote, { children: "This quiz is no longer available." });
  const title = quiz.title.trim() || "Quiz";
  return /* @__PURE__ */ jsxs9(
    "form",
    {
      "aria-label": title,
      "data-quiz-index": quiz.index,
      "data-question-ids": quiz.questions.map((q) => q.id).join(" "),
      "data-passing-score": quiz.is_final && completion === "quiz" ? passingScore : void 0,
      className: "space-y-5 rounded-lg border border-slate-200 bg-white p-4",
      children: [
        /* @__PURE__ */ jsx11("h2", { className: "text-lg font-semibold text-slate-900", children: title }),
        quiz.questions.length === 0 ? /* @__PURE__ */ jsx11("p", { className: "text-sm text-slate-600", children: "This quiz has no questions." }) : null,
        quiz.questions.map((q) => /* @__PURE__ */ jsx11(QuestionFieldset, { question: q, name: `quiz-${block.id}-${q.id}` }, q.id)),
        /* @__PURE__ */ jsxs9("div", { className: "flex flex-wrap items-center gap-3", children: [
          /* @__PURE__ */ jsx11("button", { type: "submit", className: PRIMARY, children: "Submit answers" }),
          /* @__PURE__ */ jsx11("p", { role: "status", className: "text-sm font-medium text-slate-900" })
        ] })
      ]
    }
  );
}

// components/blocks/types/scenario/package-view.tsx
import { jsx as jsx12, jsxs as jsxs10 } from "react/jsx-runtime";
function PackageScenario({ content }) {
  const c = parseScenario(content);
  if (!c) return /* @__PURE__ */ jsx12(BlockNote, {});
  return /* @__PURE__ */ jsxs10("section", { "aria-label": "Scenario", className: "rounded-md border border-indigo-200 bg-indigo-50/60 px-4 py-3", children: [
    /* @__PURE__ */ jsx12("p", { className: "mb-1.5 text-xs font-semibold uppercase tracking-wide text-indigo-800", children: "Scenario" }),
    c.body.trim() ? Markdown({ children: c.body }) : /* @__PURE__ */ jsx12("p", { className: "text-xs text-indigo-800", children: "Empty scenario." }),
    c.reveal.trim() ? /* @__PURE__ */ jsxs10("details", { className: "mt-3 rounded-md border border-indigo-100 bg-white px-3 py-2", children: [
      /* @__PURE__ */ jsx12("summary", { className: "cursor-pointer text-sm font-medium text-indigo-900", children: "Reveal" }),
      /* @__PURE__ */ jsx12("div", { className: "mt-2", children: Markdown({ children: c.reveal }) })
    ] }) : null
  ] });
}

// components/blocks/types/text/view.tsx
import { jsx as jsx13 } from "react/jsx-runtime";
function TextBlock({ content }) {
  const c = parseMarkdown(content);
  if (!c) return /* @__PURE__ */ jsx13(BlockNote, {});
  if (!c.body.trim()) return /* @__PURE__ */ jsx13(BlockNote, { children: "Empty text block." });
  return Markdown({ children: c.body });
}

// components/blocks/types/video/view.tsx
import { jsx as jsx14, jsxs as jsxs11 } from "react/jsx-runtime";
function VideoBlock({ content }) {
  const c = parseVideo(content);
  if (!c) return /* @__PURE__ */ jsx14(BlockNote, {});
  const title = c.title.trim() || "Video";
  if (c.source.type === "youtube") {
    if (!YOUTUBE_ID.test(c.source.id)) {
      return /* @__PURE__ */ jsx14(BlockNote, { children: c.source.id.trim() ? "This is not a valid YouTube video ID." : "No YouTube video yet." });
    }
    return /* @__PURE__ */ jsxs11("figure", { children: [
      /* @__PURE__ */ jsx14("div", { className: "aspect-video overflow-hidden rounded-md bg-slate-900", children: /* @__PURE__ */ jsx14(
        "iframe",
        {
          src: youTubeEmbedUrl(c.source.id, c.source.start),
          title,
          referrerPolicy: "strict-origin-when-cross-origin",
          allow: "accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share",
          allowFullScreen: true,
          loading: "lazy",
          className: "h-full w-full border-0"
        }
      ) }),
      /* @__PURE__ */ jsx14(Caption, { children: c.caption })
    ] });
  }
  if (!isWebUrl(c.source.url)) {
    return /* @__PURE__ */ jsx14(BlockNote, { children: c.source.url.trim() ? "This video address cannot be played (use an http or https link)." : "No video address yet." });
  }
  return /* @__PURE__ */ jsxs11("figure", { children: [
    /* @__PURE__ */ jsx14(
      "video",
      {
        controls: true,
        preload: "metadata",
        src: c.source.url.trim(),
        title,
        "aria-label": title,
        className: "w-full rounded-md bg-slate-900",
        children: "Your browser cannot play this video."
      }
    ),
    /* @__PURE__ */ jsx14(Caption, { children: c.caption })
  ] });
}

// components/blocks/types/video/package-view.tsx
import { Fragment, jsx as jsx15, jsxs as jsxs12 } from "react/jsx-runtime";
function PackageVideo({ content }) {
  const c = parseVideo(content);
  const video = VideoBlock({ content });
  if (!c || c.source.type !== "youtube" || !YOUTUBE_ID.test(c.source.id)) return video;
  const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(c.source.id)}${c.source.start ? `&t=${c.source.start}s` : ""}`;
  return /* @__PURE__ */ jsxs12(Fragment, { children: [
    video,
    /* @__PURE__ */ jsx15("p", { className: "mt-2 text-sm", children: /* @__PURE__ */ jsxs12("a", { href: watch, target: "_blank", rel: "noopener noreferrer", className: "font-medium text-brand-700 underline underline-offset-2", children: [
      "Watch “",
      c.title.trim() || "the video",
      "” on YouTube"
    ] }) })
  ] });
}

// components/ui/icons.tsx
import { jsx as jsx16, jsxs as jsxs13 } from "react/jsx-runtime";
function Icon({ children, ...props }) {
  return /* @__PURE__ */ jsx16(
    "svg",
    {
      viewBox: "0 0 24 24",
      fill: "none",
      stroke: "currentColor",
      strokeWidth: 1.8,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      "aria-hidden": "true",
      width: 16,
      height: 16,
      ...props,
      children
    }
  );
}
var ImageIcon = (p) => /* @__PURE__ */ jsx16(Icon, { viewBox: "0 0 20 20", fill: "currentColor", stroke: "none", ...p, children: /* @__PURE__ */ jsx16("path", { d: "M4 3h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v7.6l3.3-3.3a1 1 0 0 1 1.4 0l3.3 3.3 1.3-1.3a1 1 0 0 1 1.4 0L16 12.6V5H4Zm9 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" }) });

// components/blocks/types/visual/view.tsx
import { jsx as jsx17, jsxs as jsxs14 } from "react/jsx-runtime";
function VisualBlock({ content }) {
  const c = parseVisual(content);
  if (!c) return /* @__PURE__ */ jsx17(BlockNote, {});
  return /* @__PURE__ */ jsxs14("section", { "aria-label": "Visual placeholder", className: "rounded-md border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-4", children: [
    /* @__PURE__ */ jsxs14("div", { className: "mb-2 flex items-center justify-between gap-3", children: [
      /* @__PURE__ */ jsxs14("p", { className: "flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600", children: [
        /* @__PURE__ */ jsx17(ImageIcon, { className: "h-4 w-4" }),
        "Visual to be made"
      ] }),
      /* @__PURE__ */ jsxs14("span", { className: "rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200", children: [
        "Status: ",
        visualStatusLabel(c.status)
      ] })
    ] }),
    /* @__PURE__ */ jsx17("p", { className: "whitespace-pre-wrap text-sm text-slate-700", children: c.prompt.trim() || "No prompt yet." })
  ] });
}

// components/blocks/types/package-views.tsx
var PACKAGE_VIEWS = {
  text: (block) => TextBlock({ content: block.content }),
  image: (block) => PackageImage({ block }),
  diagram: (block) => PackageDiagram({ content: block.content }),
  video: (block) => PackageVideo({ content: block.content }),
  example: (block) => ExampleBlock({ content: block.content }),
  question: (block) => PackageQuestion({ block }),
  quiz: (block, page2) => PackageQuiz({ block, completion: page2.completion, passingScore: page2.passing_score }),
  scenario: (block) => PackageScenario({ content: block.content }),
  glossary: (block) => GlossaryBlock({ content: block.content }),
  interactive: (block) => PackageInteractive({ content: block.content }),
  visual: (block) => VisualBlock({ content: block.content })
};
var packageViewOf = (type) => isBlockType(type) ? PACKAGE_VIEWS[type] : void 0;

// lib/authoring/exchange/package/package-data.ts
function scriptJson(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

// components/package/package-pages.tsx
import { jsx as jsx18, jsxs as jsxs15 } from "react/jsx-runtime";
function renderPackageBlock(block, props) {
  const view = packageViewOf(block.type);
  return view ? view(block, props) : /* @__PURE__ */ jsx18(BlockNote, {});
}
function PackageBlockView({ block, props }) {
  let rendered;
  try {
    rendered = renderPackageBlock(block, props);
  } catch {
    rendered = /* @__PURE__ */ jsx18(BlockNote, {});
  }
  return /* @__PURE__ */ jsx18("section", { "aria-label": `${block.type} block`, "data-block-type": block.type, className: "block-view", children: rendered });
}
function Document({ title, base, children }) {
  return /* @__PURE__ */ jsxs15("html", { lang: "en", children: [
    /* @__PURE__ */ jsxs15("head", { children: [
      /* @__PURE__ */ jsx18("meta", { charSet: "utf-8" }),
      /* @__PURE__ */ jsx18("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      /* @__PURE__ */ jsx18("title", { children: title }),
      /* @__PURE__ */ jsx18("link", { rel: "stylesheet", href: `${base}assets/package.css` })
    ] }),
    children
  ] });
}
function LessonPage(props) {
  const questions = {};
  for (const b of props.blocks) {
    if (b.question) questions[b.question.id] = b.question;
    for (const q of b.quiz?.questions ?? []) questions[q.id] = q;
  }
  const data = { questions };
  return /* @__PURE__ */ jsx18(Document, { title: `${props.title} · ${props.course_title}`, base: "../", children: /* @__PURE__ */ jsxs15("body", { "data-page": "lesson", className: "bg-white", children: [
    /* @__PURE__ */ jsxs15("main", { className: "mx-auto max-w-3xl px-4 py-6 sm:px-6", children: [
      /* @__PURE__ */ jsxs15("header", { className: "mb-6", children: [
        /* @__PURE__ */ jsx18("p", { className: "text-sm text-slate-600", children: props.module_title }),
        /* @__PURE__ */ jsx18("h1", { className: "mt-1 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl", children: props.title }),
        /* @__PURE__ */ jsxs15("p", { className: "mt-1 text-sm text-slate-600", children: [
          "Lesson ",
          props.number,
          " of ",
          props.lesson_count
        ] })
      ] }),
      /* @__PURE__ */ jsxs15("div", { className: "space-y-6 text-[1.05rem] leading-relaxed", children: [
        props.blocks.length === 0 ? /* @__PURE__ */ jsx18("p", { className: "text-slate-600", children: "This lesson has no content yet." }) : null,
        props.blocks.map((b) => /* @__PURE__ */ jsx18(PackageBlockView, { block: b, props }, b.id))
      ] })
    ] }),
    /* @__PURE__ */ jsx18("script", { type: "application/json", id: "lesson-data", dangerouslySetInnerHTML: { __html: scriptJson(data) } }),
    props.has_diagram ? /* @__PURE__ */ jsx18("script", { src: "../assets/mermaid.min.js" }) : null,
    /* @__PURE__ */ jsx18("script", { src: "../assets/player.js" })
  ] }) });
}
function ShellPage({ config, modules }) {
  const first = config.lessons[0];
  return /* @__PURE__ */ jsx18(Document, { title: config.title, base: "", children: /* @__PURE__ */ jsxs15("body", { "data-page": "shell", className: "bg-slate-50 text-slate-900", children: [
    /* @__PURE__ */ jsxs15("div", { className: "flex h-dvh flex-col", children: [
      /* @__PURE__ */ jsxs15("header", { className: "flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3", children: [
        /* @__PURE__ */ jsx18("button", { type: "button", "data-menu-toggle": true, "aria-expanded": "false", "aria-controls": "course-nav", className: `${SECONDARY} md:hidden`, children: "Course menu" }),
        /* @__PURE__ */ jsx18("p", { className: "min-w-0 flex-1 truncate text-base font-semibold", children: config.title }),
        /* @__PURE__ */ jsxs15("div", { className: "flex w-full items-center gap-3 sm:w-auto", children: [
          /* @__PURE__ */ jsx18(
            "div",
            {
              role: "progressbar",
              "aria-label": "Course progress",
              "aria-valuemin": 0,
              "aria-valuemax": 100,
              "aria-valuenow": 0,
              className: "h-2 w-full overflow-hidden rounded-full bg-slate-200 sm:w-40",
              children: /* @__PURE__ */ jsx18("div", { "data-progress-bar": true, className: "h-full bg-brand-600", style: { width: "0%" } })
            }
          ),
          /* @__PURE__ */ jsxs15("p", { "data-progress-text": true, className: "shrink-0 text-xs text-slate-700", children: [
            "0 of ",
            config.lessons.length,
            " lessons viewed"
          ] })
        ] })
      ] }),
      /* @__PURE__ */ jsxs15("div", { className: "flex min-h-0 flex-1 flex-col md:flex-row", children: [
        /* @__PURE__ */ jsx18(
          "nav",
          {
            id: "course-nav",
            "aria-label": "Course",
            className: "hidden max-h-[60vh] shrink-0 overflow-y-auto border-b border-slate-200 bg-white p-4 md:block md:max-h-none md:w-72 md:border-r md:border-b-0",
            children: /* @__PURE__ */ jsx18("ol", { className: "space-y-4", children: modules.map((m, i) => /* @__PURE__ */ jsxs15("li", { children: [
              /* @__PURE__ */ jsx18("p", { className: "text-xs font-semibold uppercase tracking-wide text-slate-600", children: m.title }),
              /* @__PURE__ */ jsx18("ol", { className: "mt-1 space-y-0.5", children: m.lessons.map((l) => /* @__PURE__ */ jsxs15("li", { className: "flex items-center gap-2", children: [
                /* @__PURE__ */ jsx18(
                  "a",
                  {
                    href: l.href,
                    target: "lesson",
                    "data-lesson-index": l.index,
                    className: "block min-w-0 flex-1 rounded px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700",
                    children: l.title
                  }
                ),
                /* @__PURE__ */ jsxs15("span", { "data-viewed": l.index, hidden: true, className: "text-xs text-emerald-800", children: [
                  /* @__PURE__ */ jsx18("span", { "aria-hidden": "true", children: "✓" }),
                  /* @__PURE__ */ jsx18("span", { className: "sr-only", children: "viewed" })
                ] })
              ] }, l.index)) })
            ] }, i)) })
          }
        ),
        /* @__PURE__ */ jsxs15("main", { className: "flex min-h-0 min-w-0 flex-1 flex-col", children: [
          /* @__PURE__ */ jsx18("iframe", { name: "lesson", title: first?.title ?? config.title, className: "min-h-0 w-full flex-1 border-0 bg-white" }),
          /* @__PURE__ */ jsxs15("div", { className: "flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white px-4 py-2", children: [
            /* @__PURE__ */ jsx18("button", { type: "button", "data-previous": true, className: SECONDARY, children: "Previous lesson" }),
            /* @__PURE__ */ jsx18("p", { role: "status", "data-status": true, className: "min-w-0 flex-1 text-center text-xs text-slate-700" }),
            /* @__PURE__ */ jsx18("button", { type: "button", "data-exit": true, className: SECONDARY, children: "Exit" }),
            /* @__PURE__ */ jsx18("button", { type: "button", "data-next": true, className: PRIMARY, children: "Next lesson" })
          ] })
        ] })
      ] })
    ] }),
    /* @__PURE__ */ jsx18("script", { type: "application/json", id: "package-config", dangerouslySetInnerHTML: { __html: scriptJson(config) } }),
    /* @__PURE__ */ jsx18("script", { src: "assets/player.js" })
  ] }) });
}
var page = (element) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
var renderLessonPage = (props) => page(/* @__PURE__ */ jsx18(LessonPage, { ...props }));
var renderShellPage = (props) => page(/* @__PURE__ */ jsx18(ShellPage, { ...props }));
export {
  renderLessonPage,
  renderShellPage
};
