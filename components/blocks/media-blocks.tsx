"use client";

import { BlockNote, Caption } from "./block-note";
import { isWebUrl, parseImage, parseInteractive, parseVideo, YOUTUBE_ID } from "./content";

/**
 * An SVG shown through <img> never runs its scripts or loads what it links to; an xmlns is added
 * when missing because image decoding needs it.
 */
export function svgDataUrl(code: string) {
  let svg = code.trim();
  if (/^<svg\b/i.test(svg) && !/^<svg\b[^>]*\sxmlns=/i.test(svg)) svg = svg.replace(/^<svg\b/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function ImageBlock({ content }: { content: unknown }) {
  const c = parseImage(content);
  if (!c) return <BlockNote />;
  const src =
    c.source.type === "svg"
      ? c.source.code.trim()
        ? svgDataUrl(c.source.code)
        : null
      : isWebUrl(c.source.url)
        ? c.source.url.trim()
        : null;
  if (!src) {
    return (
      <BlockNote>
        {c.source.type === "svg"
          ? "No SVG code yet."
          : c.source.url.trim()
            ? "This image address cannot be shown (use an http or https link)."
            : "No image address yet."}
      </BlockNote>
    );
  }
  return (
    <figure>
      <img src={src} alt={c.alt} loading="lazy" referrerPolicy="no-referrer" className="mx-auto max-h-[32rem] max-w-full rounded-md" />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}

export function youTubeEmbedUrl(id: string, start: number) {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?start=${start}`;
}

export function VideoBlock({ content }: { content: unknown }) {
  const c = parseVideo(content);
  if (!c) return <BlockNote />;
  const title = c.title.trim() || "Video";
  if (c.source.type === "youtube") {
    if (!YOUTUBE_ID.test(c.source.id)) {
      return <BlockNote>{c.source.id.trim() ? "This is not a valid YouTube video ID." : "No YouTube video yet."}</BlockNote>;
    }
    return (
      <figure>
        <div className="aspect-video overflow-hidden rounded-md bg-slate-900">
          <iframe
            src={youTubeEmbedUrl(c.source.id, c.source.start)}
            title={title}
            referrerPolicy="strict-origin-when-cross-origin"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            allowFullScreen
            loading="lazy"
            className="h-full w-full border-0"
          />
        </div>
        <Caption>{c.caption}</Caption>
      </figure>
    );
  }
  if (!isWebUrl(c.source.url)) {
    return (
      <BlockNote>
        {c.source.url.trim() ? "This video address cannot be played (use an http or https link)." : "No video address yet."}
      </BlockNote>
    );
  }
  return (
    <figure>
      <video
        controls
        preload="metadata"
        src={c.source.url.trim()}
        title={title}
        aria-label={title}
        className="w-full rounded-md bg-slate-900"
      >
        Your browser cannot play this video.
      </video>
      <Caption>{c.caption}</Caption>
    </figure>
  );
}

/**
 * Author HTML runs in a sandbox without allow-same-origin: it gets an opaque origin, so it cannot
 * read the app's cookies, storage or DOM, nor call the API as the user.
 */
export function InteractiveBlock({ content }: { content: unknown }) {
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
