"use client";

import { youtubeId } from "./format";

/** A YouTube link as its (privacy-enhanced) player; any other video as a link that opens it. */
export function VideoPreview({ url, title }: { url: string; title: string }) {
  const id = youtubeId(url);
  if (!id) {
    return (
      <a href={url} target="_blank" rel="noreferrer noopener" className="text-sm break-all text-brand-700 underline">
        {url}
      </a>
    );
  }
  return (
    <iframe
      src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`}
      title={`Video: ${title || "YouTube"}`}
      className="aspect-video w-full rounded-md border-0"
      allow="encrypted-media; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
    />
  );
}
