import { youTubeEmbedUrl } from "@/components/blocks/media-blocks";
import { parseYouTubeInput } from "@/lib/authoring/blocks/block-content";
import type { PublicBlock, PublicProposal } from "@/lib/proposals/public/schemas";
import { formatDiscount } from "@/lib/proposals/values/proposal-values";
import { fileUrl, formatMoney, formatQuantity, shownAmount } from "./format";

/** The offer's lines: each product with its images, description and price, and video blocks. */
export function ProposalBlocks({ proposal }: { proposal: PublicProposal }) {
  if (proposal.blocks.length === 0) return null;
  return (
    <ol aria-label="What is offered" className="divide-y divide-slate-200">
      {proposal.blocks.map((block) => (
        <li key={block.uuid} className="recipient-block py-6 first:pt-0">
          <ProposalBlock block={block} proposal={proposal} />
        </li>
      ))}
    </ol>
  );
}

function ProposalBlock({ block, proposal }: { block: PublicBlock; proposal: PublicProposal }) {
  const isVideo = block.type === "video-block";
  return (
    <article aria-label={block.title || (isVideo ? "Video" : "Item")} className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <h3 className="text-lg font-semibold break-words text-slate-900">{block.title || (isVideo ? "Video" : "Item")}</h3>
        {!isVideo || block.price !== null ? <LinePrice block={block} proposal={proposal} /> : null}
      </div>
      {block.image_uuids.length ? (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {block.image_uuids.map((uuid) => (
            <img
              key={uuid}
              src={fileUrl(uuid)}
              alt={block.title}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
            />
          ))}
        </div>
      ) : null}
      {block.description ? <p className="whitespace-pre-line break-words text-slate-700">{block.description}</p> : null}
      {block.video_url ? <Video url={block.video_url} title={block.title || "Video"} /> : null}
    </article>
  );
}

function LinePrice({ block, proposal }: { block: PublicBlock; proposal: PublicProposal }) {
  const money = (v: number) => formatMoney(v, proposal);
  const unit = block.unit ? ` / ${block.unit}` : "";
  return (
    <div className="shrink-0 text-left sm:text-right">
      <p className="text-lg font-semibold text-slate-900" aria-label="Line total">
        {money(shownAmount(proposal, block))}
      </p>
      <p className="text-sm text-slate-600">
        {formatQuantity(block.quantity, proposal.language)} × {money(block.price ?? 0)}
        {unit}
        {block.discount ? (
          <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
            −{formatDiscount(block.discount, proposal.discount_decimals, proposal.language)} %
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** YouTube through its no-cookie player; any other address as a link (it may be anything). */
function Video({ url, title }: { url: string; title: string }) {
  const youtube = parseYouTubeInput(url);
  const link = (
    <a href={url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
      Watch the video: {url}
    </a>
  );
  if (!youtube) return <p>{link}</p>;
  return (
    <figure>
      <div className="aspect-video overflow-hidden rounded-md bg-slate-900 print:hidden">
        <iframe
          src={youTubeEmbedUrl(youtube.id, youtube.start ?? 0)}
          title={title}
          referrerPolicy="strict-origin-when-cross-origin"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          allowFullScreen
          loading="lazy"
          className="h-full w-full border-0"
        />
      </div>
      {/* On paper the player is nothing: the address is printed instead. */}
      <figcaption className="hidden print:block">{link}</figcaption>
    </figure>
  );
}
