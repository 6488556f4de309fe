import { describe, expect, it } from "vitest";
import { isStartTime, isWebUrl, parseYouTubeInput, wholeSeconds, YOUTUBE_ID, youTubeEmbedUrl } from "@/lib/authoring/blocks/block-content";
import { parseGlossary } from "@/lib/authoring/blocks/types/glossary";
import { parseImage } from "@/lib/authoring/blocks/types/image";
import { clampHeight, parseInteractive } from "@/lib/authoring/blocks/types/interactive";
import { parseMarkdown } from "@/lib/authoring/blocks/types/text";
import { parseVideo, videoProblem } from "@/lib/authoring/blocks/types/video";
import { svgDataUrl } from "./types/image/view";

describe("block content parsers", () => {
  it("[BLOCKS] shapes that do not match their type parse to null, so the block renders empty", () => {
    expect(parseMarkdown({ body: "Hi" })).toEqual({ body: "Hi" });
    for (const bad of [null, undefined, 42, "text", [], { body: 3 }]) expect(parseMarkdown(bad)).toBeNull();
    expect(parseImage({ source: { type: "gif", data: 1 } })).toBeNull();
    expect(parseImage({ source: { type: "svg", code: "<svg/>" } })).toMatchObject({ source: { type: "svg" }, alt: "", caption: "" });
    expect(parseGlossary({ terms: "none" })).toBeNull();
    expect(parseGlossary({ title: "T", terms: [{ term: "a", definition: "b" }, 3] })).toBeNull();
    expect(parseVideo({ source: { type: "vimeo", id: "1" } })).toBeNull();
  });

  it("[BLOCKS] a video start is whole non-negative seconds and the embed uses youtube-nocookie", () => {
    expect(wholeSeconds(90.7)).toBe(90);
    expect(wholeSeconds("42")).toBe(42);
    expect(wholeSeconds(-3)).toBe(0);
    expect(wholeSeconds("soon")).toBe(0);
    expect(parseVideo({ source: { type: "youtube", id: "dQw4w9WgXcQ", start: 12.9 } })?.source).toEqual({
      type: "youtube",
      id: "dQw4w9WgXcQ",
      start: 12,
    });
    expect(youTubeEmbedUrl("dQw4w9WgXcQ", 12)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=12");
  });

  it("[BLOCKS] YouTube ids are checked, and links pasted by authors give the id and start", () => {
    expect(YOUTUBE_ID.test("dQw4w9WgXcQ")).toBe(true);
    expect(YOUTUBE_ID.test("abc")).toBe(false);
    expect(YOUTUBE_ID.test('x"><script>')).toBe(false);
    expect(parseYouTubeInput("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s")).toEqual({ id: "dQw4w9WgXcQ", start: 90 });
    expect(parseYouTubeInput("https://youtu.be/dQw4w9WgXcQ?t=42")).toEqual({ id: "dQw4w9WgXcQ", start: 42 });
    expect(parseYouTubeInput("https://www.youtube.com/embed/dQw4w9WgXcQ")).toEqual({ id: "dQw4w9WgXcQ" });
    expect(parseYouTubeInput("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
  });

  it("[BLOCKS] an interactive block's height defaults to 400 and is clamped to 100..2000", () => {
    expect(clampHeight(undefined)).toBe(400);
    expect(clampHeight("abc")).toBe(400);
    expect(clampHeight(5)).toBe(100);
    expect(clampHeight(99999)).toBe(2000);
    expect(clampHeight("250")).toBe(250);
    expect(parseInteractive({ source: { type: "html", code: "<p>x</p>" }, height: 50 })?.height).toBe(100);
  });

  it("[BLOCKS] only web addresses load into img and video; SVG becomes a data URL image", () => {
    expect(isWebUrl("https://example.com/a.png")).toBe(true);
    expect(isWebUrl("/uploads/a.png")).toBe(true);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isWebUrl("//evil.example/a.png")).toBe(false);
    const url = svgDataUrl('<svg width="1"><rect/></svg>');
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.split(",")[1])).toContain('xmlns="http://www.w3.org/2000/svg"');
  });

  it("[BLOCKS] a video that would not play as meant is named, one rule for the form and the checks before publishing", () => {
    const youTube = (id: string, start?: unknown) => ({ source: { type: "youtube", id, start }, title: "", caption: "" });
    expect(videoProblem(youTube("dQw4w9WgXcQ", 90))).toBeNull();
    expect(videoProblem(youTube("dQw4w9WgXcQ"))).toBeNull();
    expect(videoProblem(youTube("https://vimeo.com/76979871", 0))).toMatch(/not a YouTube video ID/);
    expect(videoProblem(youTube("", 0))).toBe("It has no YouTube video yet.");
    expect(videoProblem(youTube("dQw4w9WgXcQ", -5))).toMatch(/start time \(-5\)/);
    expect(videoProblem(youTube("dQw4w9WgXcQ", "soon"))).toMatch(/start time/);
    expect(videoProblem({ source: { type: "url", url: "javascript:alert(1)" } })).toMatch(/cannot be played/);
    expect(videoProblem({ source: { type: "vimeo", id: "1" } })).toMatch(/not a video the app can show/);
    expect([0, 12, 90.7, "42", "", null, undefined].map(isStartTime)).toEqual([true, true, true, true, false, true, true]);
    expect([-5, "-5", "1e3", Infinity, "abc"].map(isStartTime)).toEqual([false, false, false, false, false]);
  });
});
