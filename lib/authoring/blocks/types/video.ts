import { isStartTime, isWebUrl, START_TIME_RULE, wholeSeconds, YOUTUBE_ID, YOUTUBE_ID_RULE } from "../block-content";
import { defineBlockType, isObject, str } from "./define";

export type VideoSource = { type: "youtube"; id: string; start: number } | { type: "url"; url: string };
export type VideoContent = { source: VideoSource; title: string; caption: string };

export function parseVideo(content: unknown): VideoContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  const { source } = content;
  const base = { title: str(content.title), caption: str(content.caption) };
  if (source.type === "youtube" && typeof source.id === "string") {
    return { source: { type: "youtube", id: source.id, start: wholeSeconds(source.start) }, ...base };
  }
  if (source.type === "url" && typeof source.url === "string") return { source: { type: "url", url: source.url }, ...base };
  return null;
}

/**
 * Why a video block's content would not play as its author meant, or null when it would. One rule
 * for the video form (which refuses such input) and the checks before publishing (which name the
 * blocks stored so by an agent or before the form refused it).
 */
export function videoProblem(content: unknown): string | null {
  const video = parseVideo(content);
  if (!video) return "Its content is not a video the app can show.";
  const { source } = video;
  if (source.type === "url") {
    if (!source.url.trim()) return "It has no video address yet.";
    return isWebUrl(source.url) ? null : "Its video address cannot be played (use an http or https link).";
  }
  if (!source.id.trim()) return "It has no YouTube video yet.";
  if (!YOUTUBE_ID.test(source.id)) return `“${source.id}” is not a YouTube video ID: use ${YOUTUBE_ID_RULE}.`;
  const start = (content as { source: { start?: unknown } }).source.start;
  if (!isStartTime(start)) return `Its start time (${JSON.stringify(start)}) is not ${START_TIME_RULE}.`;
  return null;
}

export const videoBlock = defineBlockType({
  type: "video",
  label: "Video",
  description: "YouTube or a video file",
  icon: "▶",
  content: { parse: parseVideo, initial: () => ({ source: { type: "youtube", id: "", start: 0 }, title: "", caption: "" }) },
});
