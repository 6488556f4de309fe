// No "use client": renders on the server for the learner's lesson and in the browser for previews.
import { BlockNote, Caption } from "@/components/blocks/block-note";
import { isWebUrl, YOUTUBE_ID, youTubeEmbedUrl } from "@/lib/authoring/blocks/block-content";
import { parseVideo } from "@/lib/authoring/blocks/types/video";

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
