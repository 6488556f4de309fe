import type { ReactNode } from "react";
import { parseYouTubeInput, youTubeEmbedUrl } from "@/lib/authoring/blocks/block-content";
import { quantityRange, type BuyerChoice } from "@/lib/proposals/proposals/block-choices";
import type { PublicView } from "@/lib/proposals/public/public-view";
import type { PublicBlock } from "@/lib/proposals/public/schemas";
import { formatDiscount } from "@/lib/proposals/values/proposal-values";
import { OptionSwitch, QuantityStepper } from "./choice-controls";
import { fileUrl, formatMoney, formatQuantity, shownAmount } from "./format";

/** `choose`: the customer may change optional items and quantities (an active proposal), through this. */
type Choose = ((uuid: string, choice: BuyerChoice) => void) | undefined;

/** The offer's lines: each product with its images, description and price, and video blocks. */
export function ProposalBlocks({ proposal, choose }: { proposal: PublicView; choose?: Choose }) {
  if (proposal.blocks.length === 0) return null;
  return (
    <ol aria-label="What is offered" className="divide-y divide-slate-200">
      {proposal.blocks.map((block) => (
        // data-block-uuid: the page measures how long each block is on screen (./use-engagement-report.ts).
        <li key={block.uuid} data-block-uuid={block.uuid} className={`recipient-block py-6 first:pt-0 ${OFF_SCREEN_LATER}`}>
          <ProposalBlock block={block} proposal={proposal} choose={choose} />
        </li>
      ))}
    </ol>
  );
}

/**
 * On screen, a line far from the viewport is laid out only as it comes near (it keeps the height
 * it had once seen; until then it counts as 12rem). The browser's first paint of a 100-line
 * proposal spent most of its time laying out lines nobody sees yet. Find-in-page, screen readers
 * and printing still reach every line.
 */
const OFF_SCREEN_LATER = "not-print:[content-visibility:auto] not-print:[contain-intrinsic-size:auto_12rem]";

function ProposalBlock({ block, proposal, choose }: { block: PublicBlock; proposal: PublicView; choose: Choose }) {
  const isVideo = block.type === "video-block";
  const name = block.title || (isVideo ? "Video" : "Item");
  const range = quantityRange(block);
  const isLeftOut = block.optional && !block.selected;
  return (
    <BlockFrame
      label={name}
      isLeftOut={isLeftOut}
      title={<h3 className={blockTitleClass(isLeftOut)}>{name}</h3>}
      badge={block.optional ? <OptionalNote selected={block.selected} /> : null}
      price={!isVideo || block.price !== null ? <LinePrice block={block} proposal={proposal} /> : null}
      controls={
        choose && (block.optional || range) ? (
          <div className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-md bg-slate-50 px-3 py-2">
            {block.optional ? (
              <OptionSwitch title={name} selected={block.selected} onChange={(selected) => choose(block.uuid, { selected })} />
            ) : null}
            {range ? (
              <QuantityStepper
                title={name}
                quantity={block.quantity}
                min={range.min}
                max={range.max}
                unit={block.unit}
                language={proposal.language}
                isDisabled={isLeftOut}
                onChange={(quantity) => choose(block.uuid, { quantity })}
              />
            ) : null}
          </div>
        ) : null
      }
    >
      <BlockImages uuids={block.image_uuids} alt={block.title} />
      {block.description ? <p className={BLOCK_DESCRIPTION_CLASSES}>{block.description}</p> : null}
      {block.video_url ? <BlockVideo url={block.video_url} title={block.title || "Video"} /> : null}
    </BlockFrame>
  );
}

/**
 * A block's layout, wherever a proposal is shown: the title (with its optional note) beside the
 * line's price, then the customer's controls, then images, description and video (`children`).
 * The editor fills the same places with its in-place fields.
 */
export function BlockFrame({
  label,
  isLeftOut,
  header,
  title,
  badge,
  price,
  controls,
  children,
}: {
  label: string;
  isLeftOut: boolean;
  /** Above everything: the editor's handle and tools. */
  header?: ReactNode;
  title: ReactNode;
  badge?: ReactNode;
  price?: ReactNode;
  controls?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article aria-label={label} className={`space-y-3 ${isLeftOut ? "recipient-left-out" : ""}`}>
      {header}
      <div className="flex flex-col gap-2 @min-[40rem]:flex-row @min-[40rem]:items-start @min-[40rem]:justify-between @min-[40rem]:gap-6">
        <div className="min-w-0 flex-1 space-y-1">
          {title}
          {badge}
        </div>
        {price}
      </div>
      {controls}
      {children}
    </article>
  );
}

export const blockTitleClass = (isLeftOut: boolean) =>
  `text-lg font-semibold break-words ${isLeftOut ? "text-slate-500" : "text-slate-900"}`;
export const BLOCK_DESCRIPTION_CLASSES = "whitespace-pre-line break-words text-slate-700";

/** "Optional", and whether the block is in the offer. */
export function OptionalNote({ selected }: { selected: boolean }) {
  return (
    <p className="text-sm text-slate-600">
      <span className="mr-2 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800">Optional</span>
      {selected ? "Included in the offer" : "Not included"}
    </p>
  );
}

export function BlockImages({ uuids, alt }: { uuids: string[]; alt: string }) {
  if (!uuids.length) return null;
  return (
    <div className="grid grid-cols-2 gap-2 @min-[40rem]:grid-cols-3">
      {uuids.map((uuid) => (
        <img key={uuid} src={fileUrl(uuid)} alt={alt} loading="lazy" className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover" />
      ))}
    </div>
  );
}

function LinePrice({ block, proposal }: { block: PublicBlock; proposal: PublicView }) {
  const money = (v: number) => formatMoney(v, proposal);
  const unit = block.unit ? ` / ${block.unit}` : "";
  const isLeftOut = block.optional && !block.selected;
  return (
    <div className="shrink-0 text-left @min-[40rem]:text-right">
      <p
        className={`text-lg font-semibold ${isLeftOut ? "text-slate-500 line-through" : "text-slate-900"}`}
        aria-label={isLeftOut ? "Line total, not included" : "Line total"}
      >
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
export function BlockVideo({ url, title }: { url: string; title: string }) {
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
