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

// components/blocks/markdown.tsx
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { jsx as jsx2 } from "react/jsx-runtime";
var components = {
  h1: (props) => /* @__PURE__ */ jsx2("h2", { className: "mt-5 mb-2 text-xl font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h2: (props) => /* @__PURE__ */ jsx2("h3", { className: "mt-5 mb-2 text-lg font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h3: (props) => /* @__PURE__ */ jsx2("h4", { className: "mt-4 mb-2 text-base font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h4: (props) => /* @__PURE__ */ jsx2("h5", { className: "mt-4 mb-1 text-sm font-semibold text-slate-900 first:mt-0", ...strip(props) }),
  h5: (props) => /* @__PURE__ */ jsx2("h6", { className: "mt-3 mb-1 text-sm font-semibold text-slate-700 first:mt-0", ...strip(props) }),
  h6: (props) => /* @__PURE__ */ jsx2("h6", { className: "mt-3 mb-1 text-sm font-medium text-slate-600 first:mt-0", ...strip(props) }),
  p: (props) => /* @__PURE__ */ jsx2("p", { className: "my-2 leading-relaxed first:mt-0 last:mb-0", ...strip(props) }),
  a: ({ node: _node, ...props }) => /* @__PURE__ */ jsx2(
    "a",
    {
      className: "font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700",
      target: "_blank",
      rel: "noopener noreferrer nofollow",
      ...props
    }
  ),
  ul: (props) => /* @__PURE__ */ jsx2("ul", { className: "my-2 list-disc space-y-1 pl-6", ...strip(props) }),
  ol: (props) => /* @__PURE__ */ jsx2("ol", { className: "my-2 list-decimal space-y-1 pl-6", ...strip(props) }),
  blockquote: (props) => /* @__PURE__ */ jsx2("blockquote", { className: "my-3 border-l-4 border-slate-200 pl-4 text-slate-600 italic", ...strip(props) }),
  hr: () => /* @__PURE__ */ jsx2("hr", { className: "my-4 border-slate-200" }),
  code: ({ node: _node, className, ...props }) => /* @__PURE__ */ jsx2("code", { className: `rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] ${className ?? ""}`, ...props }),
  pre: (props) => /* @__PURE__ */ jsx2(
    "pre",
    {
      className: "my-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-sm text-slate-100 [&_code]:bg-transparent [&_code]:p-0",
      ...strip(props)
    }
  ),
  table: (props) => /* @__PURE__ */ jsx2("div", { className: "my-3 overflow-x-auto", children: /* @__PURE__ */ jsx2("table", { className: "min-w-full border-collapse text-sm", ...strip(props) }) }),
  th: (props) => /* @__PURE__ */ jsx2("th", { className: "border border-slate-200 bg-slate-50 px-3 py-1.5 text-left font-semibold", ...strip(props) }),
  td: (props) => /* @__PURE__ */ jsx2("td", { className: "border border-slate-200 px-3 py-1.5 align-top", ...strip(props) }),
  img: ({ node: _node, alt, ...props }) => /* @__PURE__ */ jsx2("img", { alt: alt ?? "", className: "my-3 max-w-full rounded-md", loading: "lazy", referrerPolicy: "no-referrer", ...props })
};
function strip({ node: _node, ...rest }) {
  return rest;
}
function Markdown({ children }) {
  return /* @__PURE__ */ jsx2("div", { className: "text-sm text-slate-800 [&_input[type=checkbox]]:mr-1.5 [&_li>p]:my-0", children: ReactMarkdown({ remarkPlugins: [remarkGfm], components, children }) });
}

// lib/authoring/blocks/block-content.ts
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var str = (v) => typeof v === "string" ? v : "";
var optionalStringOk = (v) => v === void 0 || v === null || typeof v === "string";
function parseMarkdown(content) {
  if (!isObject(content) || typeof content.body !== "string") return null;
  return { body: content.body };
}
function parseScenario(content) {
  if (!isObject(content) || typeof content.body !== "string" || !optionalStringOk(content.reveal)) return null;
  return { body: content.body, reveal: str(content.reveal) };
}
function parseGlossary(content) {
  if (!isObject(content) || !optionalStringOk(content.title) || !Array.isArray(content.terms)) return null;
  const terms = content.terms.filter(isObject).map((t) => ({ term: str(t.term), definition: str(t.definition) }));
  if (terms.length !== content.terms.length) return null;
  return { title: str(content.title), terms };
}
function parseImage(content) {
  if (!isObject(content) || !isObject(content.source)) return null;
  const { source } = content;
  const base = { alt: str(content.alt), caption: str(content.caption) };
  if (source.type === "url" && typeof source.url === "string") return { source: { type: "url", url: source.url }, ...base };
  if (source.type === "svg" && typeof source.code === "string") return { source: { type: "svg", code: source.code }, ...base };
  return null;
}
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
function parseDiagram(content) {
  if (!isObject(content) || !isObject(content.source)) return null;
  if (content.source.type !== "mermaid" || typeof content.source.code !== "string") return null;
  return { source: { type: "mermaid", code: content.source.code }, caption: str(content.caption) };
}
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
function parseVisual(content) {
  if (!isObject(content) || typeof content.prompt !== "string" || !optionalStringOk(content.status)) return null;
  return { prompt: content.prompt, status: str(content.status) };
}
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

// components/blocks/interactive-frame.tsx
import { useCallback, useEffect, useRef } from "react";
import { jsx as jsx3 } from "react/jsx-runtime";

// components/blocks/media-blocks.tsx
import { jsx as jsx4, jsxs } from "react/jsx-runtime";
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
  if (!c) return /* @__PURE__ */ jsx4(BlockNote, {});
  const src = c.source.type === "svg" ? c.source.code.trim() ? svgDataUrl(c.source.code) : null : isWebUrl(c.source.url) ? c.source.url.trim() : null;
  if (!src) {
    return /* @__PURE__ */ jsx4(BlockNote, { children: c.source.type === "svg" ? "No SVG code yet." : c.source.url.trim() ? "This image address cannot be shown (use an http or https link)." : "No image address yet." });
  }
  const size = c.source.type === "svg" ? svgSize(c.source.code) : null;
  return /* @__PURE__ */ jsxs("figure", { children: [
    /* @__PURE__ */ jsx4(
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
    /* @__PURE__ */ jsx4(Caption, { children: c.caption })
  ] });
}
function VideoBlock({ content }) {
  const c = parseVideo(content);
  if (!c) return /* @__PURE__ */ jsx4(BlockNote, {});
  const title = c.title.trim() || "Video";
  if (c.source.type === "youtube") {
    if (!YOUTUBE_ID.test(c.source.id)) {
      return /* @__PURE__ */ jsx4(BlockNote, { children: c.source.id.trim() ? "This is not a valid YouTube video ID." : "No YouTube video yet." });
    }
    return /* @__PURE__ */ jsxs("figure", { children: [
      /* @__PURE__ */ jsx4("div", { className: "aspect-video overflow-hidden rounded-md bg-slate-900", children: /* @__PURE__ */ jsx4(
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
      /* @__PURE__ */ jsx4(Caption, { children: c.caption })
    ] });
  }
  if (!isWebUrl(c.source.url)) {
    return /* @__PURE__ */ jsx4(BlockNote, { children: c.source.url.trim() ? "This video address cannot be played (use an http or https link)." : "No video address yet." });
  }
  return /* @__PURE__ */ jsxs("figure", { children: [
    /* @__PURE__ */ jsx4(
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
    /* @__PURE__ */ jsx4(Caption, { children: c.caption })
  ] });
}

// components/ui/icons.tsx
import { jsx as jsx5, jsxs as jsxs2 } from "react/jsx-runtime";
function Icon({ children, ...props }) {
  return /* @__PURE__ */ jsx5(
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
var ImageIcon = (p) => /* @__PURE__ */ jsx5(Icon, { viewBox: "0 0 20 20", fill: "currentColor", stroke: "none", ...p, children: /* @__PURE__ */ jsx5("path", { d: "M4 3h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v7.6l3.3-3.3a1 1 0 0 1 1.4 0l3.3 3.3 1.3-1.3a1 1 0 0 1 1.4 0L16 12.6V5H4Zm9 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" }) });

// components/blocks/scenario-reveal.tsx
import { useId, useState } from "react";

// components/ui/button.tsx
import { jsx as jsx6 } from "react/jsx-runtime";

// components/blocks/scenario-reveal.tsx
import { jsx as jsx7, jsxs as jsxs3 } from "react/jsx-runtime";

// components/blocks/text-blocks.tsx
import { jsx as jsx8, jsxs as jsxs4 } from "react/jsx-runtime";
function TextBlock({ content }) {
  const c = parseMarkdown(content);
  if (!c) return /* @__PURE__ */ jsx8(BlockNote, {});
  if (!c.body.trim()) return /* @__PURE__ */ jsx8(BlockNote, { children: "Empty text block." });
  return Markdown({ children: c.body });
}
function ExampleBlock({ content }) {
  const c = parseMarkdown(content);
  if (!c) return /* @__PURE__ */ jsx8(BlockNote, {});
  return /* @__PURE__ */ jsxs4("aside", { "aria-label": "Example", className: "rounded-r-md border-l-4 border-amber-400 bg-amber-50 px-4 py-3", children: [
    /* @__PURE__ */ jsx8("p", { className: "mb-1.5 text-xs font-semibold uppercase tracking-wide text-amber-800", children: "Example" }),
    c.body.trim() ? Markdown({ children: c.body }) : /* @__PURE__ */ jsx8("p", { className: "text-xs text-amber-800/70", children: "Empty example." })
  ] });
}
function GlossaryBlock({ content }) {
  const c = parseGlossary(content);
  if (!c) return /* @__PURE__ */ jsx8(BlockNote, {});
  const terms = c.terms.filter((t) => t.term.trim() || t.definition.trim());
  return /* @__PURE__ */ jsxs4("section", { "aria-label": c.title.trim() || "Glossary", className: "rounded-md border border-slate-200 bg-white px-4 py-3", children: [
    /* @__PURE__ */ jsx8("h3", { className: "mb-2 text-sm font-semibold text-slate-900", children: c.title.trim() || "Glossary" }),
    terms.length === 0 ? /* @__PURE__ */ jsx8("p", { className: "text-xs text-slate-500", children: "No terms yet." }) : /* @__PURE__ */ jsx8("dl", { className: "divide-y divide-slate-100 text-sm", children: terms.map((t, i) => /* @__PURE__ */ jsxs4("div", { className: "grid gap-1 py-2 sm:grid-cols-[minmax(8rem,1fr)_3fr] sm:gap-4", children: [
      /* @__PURE__ */ jsx8("dt", { className: "font-medium text-slate-900", children: t.term }),
      /* @__PURE__ */ jsx8("dd", { className: "text-slate-700", children: t.definition })
    ] }, i)) })
  ] });
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
function VisualBlock({ content }) {
  const c = parseVisual(content);
  if (!c) return /* @__PURE__ */ jsx8(BlockNote, {});
  return /* @__PURE__ */ jsxs4("section", { "aria-label": "Visual placeholder", className: "rounded-md border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-4", children: [
    /* @__PURE__ */ jsxs4("div", { className: "mb-2 flex items-center justify-between gap-3", children: [
      /* @__PURE__ */ jsxs4("p", { className: "flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600", children: [
        /* @__PURE__ */ jsx8(ImageIcon, { className: "h-4 w-4" }),
        "Visual to be made"
      ] }),
      /* @__PURE__ */ jsxs4("span", { className: "rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200", children: [
        "Status: ",
        visualStatusLabel(c.status)
      ] })
    ] }),
    /* @__PURE__ */ jsx8("p", { className: "whitespace-pre-wrap text-sm text-slate-700", children: c.prompt.trim() || "No prompt yet." })
  ] });
}

// lib/authoring/exchange/package/package-data.ts
function scriptJson(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

// components/package/package-pages.tsx
import { Fragment, jsx as jsx9, jsxs as jsxs5 } from "react/jsx-runtime";
var BUTTON = "inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";
var PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
var SECONDARY = `${BUTTON} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;
function ScenarioBlock({ content }) {
  const c = parseScenario(content);
  if (!c) return /* @__PURE__ */ jsx9(BlockNote, {});
  return /* @__PURE__ */ jsxs5("section", { "aria-label": "Scenario", className: "rounded-md border border-indigo-200 bg-indigo-50/60 px-4 py-3", children: [
    /* @__PURE__ */ jsx9("p", { className: "mb-1.5 text-xs font-semibold uppercase tracking-wide text-indigo-800", children: "Scenario" }),
    c.body.trim() ? Markdown({ children: c.body }) : /* @__PURE__ */ jsx9("p", { className: "text-xs text-indigo-800", children: "Empty scenario." }),
    c.reveal.trim() ? /* @__PURE__ */ jsxs5("details", { className: "mt-3 rounded-md border border-indigo-100 bg-white px-3 py-2", children: [
      /* @__PURE__ */ jsx9("summary", { className: "cursor-pointer text-sm font-medium text-indigo-900", children: "Reveal" }),
      /* @__PURE__ */ jsx9("div", { className: "mt-2", children: Markdown({ children: c.reveal }) })
    ] }) : null
  ] });
}
function PackageImage({ block }) {
  const c = parseImage(block.content);
  if (!c || c.source.type !== "url" || !block.local_image) return ImageBlock({ content: block.content });
  return /* @__PURE__ */ jsxs5("figure", { children: [
    /* @__PURE__ */ jsx9(
      "img",
      {
        src: block.local_image,
        alt: c.alt,
        loading: "lazy",
        className: "mx-auto h-auto max-h-[32rem] max-w-full rounded-md object-contain"
      }
    ),
    /* @__PURE__ */ jsx9(Caption, { children: c.caption })
  ] });
}
function PackageVideo({ content }) {
  const c = parseVideo(content);
  const video = VideoBlock({ content });
  if (!c || c.source.type !== "youtube" || !YOUTUBE_ID.test(c.source.id)) return video;
  const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(c.source.id)}${c.source.start ? `&t=${c.source.start}s` : ""}`;
  return /* @__PURE__ */ jsxs5(Fragment, { children: [
    video,
    /* @__PURE__ */ jsx9("p", { className: "mt-2 text-sm", children: /* @__PURE__ */ jsxs5("a", { href: watch, target: "_blank", rel: "noopener noreferrer", className: "font-medium text-brand-700 underline underline-offset-2", children: [
      "Watch “",
      c.title.trim() || "the video",
      "” on YouTube"
    ] }) })
  ] });
}
function PackageDiagram({ content }) {
  const c = parseDiagram(content);
  if (!c) return /* @__PURE__ */ jsx9(BlockNote, {});
  if (!c.source.code.trim()) return /* @__PURE__ */ jsx9(BlockNote, { children: "No diagram code yet." });
  return /* @__PURE__ */ jsxs5("figure", { children: [
    /* @__PURE__ */ jsx9(
      "div",
      {
        "data-mermaid-code": c.source.code,
        "data-label": c.caption.trim() || "Diagram",
        className: "flex min-h-20 justify-center overflow-x-auto text-sm text-slate-600 [&_svg]:h-auto [&_svg]:max-w-full",
        children: "Drawing the diagram…"
      }
    ),
    /* @__PURE__ */ jsx9(Caption, { children: c.caption })
  ] });
}
function PackageInteractive({ content }) {
  const c = parseInteractive(content);
  if (!c) return /* @__PURE__ */ jsx9(BlockNote, {});
  if (!c.source.code.trim()) return /* @__PURE__ */ jsx9(BlockNote, { children: "No HTML yet." });
  return /* @__PURE__ */ jsxs5("figure", { children: [
    /* @__PURE__ */ jsx9(
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
    /* @__PURE__ */ jsx9(Caption, { children: c.caption })
  ] });
}
function Choices({ question, name }) {
  const type = question.question_type === "multiple_choice" ? "checkbox" : "radio";
  return /* @__PURE__ */ jsx9("div", { className: "space-y-2", children: question.options.map((o, i) => /* @__PURE__ */ jsxs5(
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
  return /* @__PURE__ */ jsxs5("fieldset", { "data-question-id": question.id, className: "space-y-3", children: [
    /* @__PURE__ */ jsx9("legend", { className: "w-full text-base font-medium text-slate-900", children: question.prompt }),
    /* @__PURE__ */ jsx9("p", { className: "text-xs text-slate-600", children: QUESTION_INSTRUCTIONS[question.question_type] ?? "Choose an answer." }),
    /* @__PURE__ */ jsx9(Choices, { question, name }),
    children
  ] });
}
function PackageQuestion({ block }) {
  if (!block.question) return /* @__PURE__ */ jsx9(BlockNote, { children: "This question is no longer available." });
  return /* @__PURE__ */ jsxs5("form", { "data-practice": block.question.id, className: "space-y-3 rounded-md border border-slate-200 bg-white px-4 py-3", children: [
    /* @__PURE__ */ jsx9("p", { className: "text-xs font-semibold uppercase tracking-wide text-brand-700", children: QUESTION_ROLE_LABELS[block.question_role ?? ""] ?? "Question" }),
    /* @__PURE__ */ jsx9(QuestionFieldset, { question: block.question, name: `q-${block.id}` }),
    /* @__PURE__ */ jsxs5("div", { className: "flex flex-wrap items-center gap-3", children: [
      /* @__PURE__ */ jsx9("button", { type: "submit", className: SECONDARY, children: "Check answer" }),
      /* @__PURE__ */ jsx9("p", { role: "status", className: "text-sm font-medium" })
    ] })
  ] });
}
function PackageQuiz({ block, completion, passingScore }) {
  const quiz = block.quiz;
  if (!quiz) return /* @__PURE__ */ jsx9(BlockNote, { children: "This quiz is no longer available." });
  const title = quiz.title.trim() || "Quiz";
  return /* @__PURE__ */ jsxs5(
    "form",
    {
      "aria-label": title,
      "data-quiz-index": quiz.index,
      "data-question-ids": quiz.questions.map((q) => q.id).join(" "),
      "data-passing-score": quiz.is_final && completion === "quiz" ? passingScore : void 0,
      className: "space-y-5 rounded-lg border border-slate-200 bg-white p-4",
      children: [
        /* @__PURE__ */ jsx9("h2", { className: "text-lg font-semibold text-slate-900", children: title }),
        quiz.questions.length === 0 ? /* @__PURE__ */ jsx9("p", { className: "text-sm text-slate-600", children: "This quiz has no questions." }) : null,
        quiz.questions.map((q) => /* @__PURE__ */ jsx9(QuestionFieldset, { question: q, name: `quiz-${block.id}-${q.id}` }, q.id)),
        /* @__PURE__ */ jsxs5("div", { className: "flex flex-wrap items-center gap-3", children: [
          /* @__PURE__ */ jsx9("button", { type: "submit", className: PRIMARY, children: "Submit answers" }),
          /* @__PURE__ */ jsx9("p", { role: "status", className: "text-sm font-medium text-slate-900" })
        ] })
      ]
    }
  );
}
function renderPackageBlock(block, props) {
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
      return /* @__PURE__ */ jsx9(BlockNote, {});
  }
}
function PackageBlockView({ block, props }) {
  let rendered;
  try {
    rendered = renderPackageBlock(block, props);
  } catch {
    rendered = /* @__PURE__ */ jsx9(BlockNote, {});
  }
  return /* @__PURE__ */ jsx9("section", { "aria-label": `${block.type} block`, "data-block-type": block.type, className: "block-view", children: rendered });
}
function Document({ title, base, children }) {
  return /* @__PURE__ */ jsxs5("html", { lang: "en", children: [
    /* @__PURE__ */ jsxs5("head", { children: [
      /* @__PURE__ */ jsx9("meta", { charSet: "utf-8" }),
      /* @__PURE__ */ jsx9("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      /* @__PURE__ */ jsx9("title", { children: title }),
      /* @__PURE__ */ jsx9("link", { rel: "stylesheet", href: `${base}assets/package.css` })
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
  return /* @__PURE__ */ jsx9(Document, { title: `${props.title} · ${props.course_title}`, base: "../", children: /* @__PURE__ */ jsxs5("body", { "data-page": "lesson", className: "bg-white", children: [
    /* @__PURE__ */ jsxs5("main", { className: "mx-auto max-w-3xl px-4 py-6 sm:px-6", children: [
      /* @__PURE__ */ jsxs5("header", { className: "mb-6", children: [
        /* @__PURE__ */ jsx9("p", { className: "text-sm text-slate-600", children: props.module_title }),
        /* @__PURE__ */ jsx9("h1", { className: "mt-1 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl", children: props.title }),
        /* @__PURE__ */ jsxs5("p", { className: "mt-1 text-sm text-slate-600", children: [
          "Lesson ",
          props.number,
          " of ",
          props.lesson_count
        ] })
      ] }),
      /* @__PURE__ */ jsxs5("div", { className: "space-y-6 text-[1.05rem] leading-relaxed", children: [
        props.blocks.length === 0 ? /* @__PURE__ */ jsx9("p", { className: "text-slate-600", children: "This lesson has no content yet." }) : null,
        props.blocks.map((b) => /* @__PURE__ */ jsx9(PackageBlockView, { block: b, props }, b.id))
      ] })
    ] }),
    /* @__PURE__ */ jsx9("script", { type: "application/json", id: "lesson-data", dangerouslySetInnerHTML: { __html: scriptJson(data) } }),
    props.has_diagram ? /* @__PURE__ */ jsx9("script", { src: "../assets/mermaid.min.js" }) : null,
    /* @__PURE__ */ jsx9("script", { src: "../assets/player.js" })
  ] }) });
}
function ShellPage({ config, modules }) {
  const first = config.lessons[0];
  return /* @__PURE__ */ jsx9(Document, { title: config.title, base: "", children: /* @__PURE__ */ jsxs5("body", { "data-page": "shell", className: "bg-slate-50 text-slate-900", children: [
    /* @__PURE__ */ jsxs5("div", { className: "flex h-dvh flex-col", children: [
      /* @__PURE__ */ jsxs5("header", { className: "flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3", children: [
        /* @__PURE__ */ jsx9("button", { type: "button", "data-menu-toggle": true, "aria-expanded": "false", "aria-controls": "course-nav", className: `${SECONDARY} md:hidden`, children: "Course menu" }),
        /* @__PURE__ */ jsx9("p", { className: "min-w-0 flex-1 truncate text-base font-semibold", children: config.title }),
        /* @__PURE__ */ jsxs5("div", { className: "flex w-full items-center gap-3 sm:w-auto", children: [
          /* @__PURE__ */ jsx9(
            "div",
            {
              role: "progressbar",
              "aria-label": "Course progress",
              "aria-valuemin": 0,
              "aria-valuemax": 100,
              "aria-valuenow": 0,
              className: "h-2 w-full overflow-hidden rounded-full bg-slate-200 sm:w-40",
              children: /* @__PURE__ */ jsx9("div", { "data-progress-bar": true, className: "h-full bg-brand-600", style: { width: "0%" } })
            }
          ),
          /* @__PURE__ */ jsxs5("p", { "data-progress-text": true, className: "shrink-0 text-xs text-slate-700", children: [
            "0 of ",
            config.lessons.length,
            " lessons viewed"
          ] })
        ] })
      ] }),
      /* @__PURE__ */ jsxs5("div", { className: "flex min-h-0 flex-1 flex-col md:flex-row", children: [
        /* @__PURE__ */ jsx9(
          "nav",
          {
            id: "course-nav",
            "aria-label": "Course",
            className: "hidden max-h-[60vh] shrink-0 overflow-y-auto border-b border-slate-200 bg-white p-4 md:block md:max-h-none md:w-72 md:border-r md:border-b-0",
            children: /* @__PURE__ */ jsx9("ol", { className: "space-y-4", children: modules.map((m, i) => /* @__PURE__ */ jsxs5("li", { children: [
              /* @__PURE__ */ jsx9("p", { className: "text-xs font-semibold uppercase tracking-wide text-slate-600", children: m.title }),
              /* @__PURE__ */ jsx9("ol", { className: "mt-1 space-y-0.5", children: m.lessons.map((l) => /* @__PURE__ */ jsxs5("li", { className: "flex items-center gap-2", children: [
                /* @__PURE__ */ jsx9(
                  "a",
                  {
                    href: l.href,
                    target: "lesson",
                    "data-lesson-index": l.index,
                    className: "block min-w-0 flex-1 rounded px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700",
                    children: l.title
                  }
                ),
                /* @__PURE__ */ jsxs5("span", { "data-viewed": l.index, hidden: true, className: "text-xs text-emerald-800", children: [
                  /* @__PURE__ */ jsx9("span", { "aria-hidden": "true", children: "✓" }),
                  /* @__PURE__ */ jsx9("span", { className: "sr-only", children: "viewed" })
                ] })
              ] }, l.index)) })
            ] }, i)) })
          }
        ),
        /* @__PURE__ */ jsxs5("main", { className: "flex min-h-0 min-w-0 flex-1 flex-col", children: [
          /* @__PURE__ */ jsx9("iframe", { name: "lesson", title: first?.title ?? config.title, className: "min-h-0 w-full flex-1 border-0 bg-white" }),
          /* @__PURE__ */ jsxs5("div", { className: "flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white px-4 py-2", children: [
            /* @__PURE__ */ jsx9("button", { type: "button", "data-previous": true, className: SECONDARY, children: "Previous lesson" }),
            /* @__PURE__ */ jsx9("p", { role: "status", "data-status": true, className: "min-w-0 flex-1 text-center text-xs text-slate-700" }),
            /* @__PURE__ */ jsx9("button", { type: "button", "data-exit": true, className: SECONDARY, children: "Exit" }),
            /* @__PURE__ */ jsx9("button", { type: "button", "data-next": true, className: PRIMARY, children: "Next lesson" })
          ] })
        ] })
      ] })
    ] }),
    /* @__PURE__ */ jsx9("script", { type: "application/json", id: "package-config", dangerouslySetInnerHTML: { __html: scriptJson(config) } }),
    /* @__PURE__ */ jsx9("script", { src: "assets/player.js" })
  ] }) });
}
var page = (element) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
var renderLessonPage = (props) => page(/* @__PURE__ */ jsx9(LessonPage, { ...props }));
var renderShellPage = (props) => page(/* @__PURE__ */ jsx9(ShellPage, { ...props }));
export {
  renderLessonPage,
  renderShellPage
};
