import { YOUTUBE_ID } from "@/lib/authoring/blocks/block-content";
import { parseVideo } from "@/lib/authoring/blocks/types/video";
import { VideoBlock } from "./view";

/** The learner reader's video; a YouTube video also gets a written link, for when the embed cannot play. */
export function PackageVideo({ content }: { content: unknown }) {
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
