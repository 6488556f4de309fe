import type { Caller } from "@/lib/api/authenticate";
import type { Db, Tx } from "@/lib/db/client";
import { createContent } from "@/lib/proposals/content/content";
import { storeFile } from "@/lib/proposals/images/host-file";
import { createProposal, getCreationSourcesOrThrow } from "@/lib/proposals/proposals/create-proposal";
import { changeStatus, saveAsTemplate, sendProposal } from "@/lib/proposals/proposals/lifecycle";
import { createNextVersion } from "@/lib/proposals/proposals/versions";
import { gradientPng } from "./demo-images";

const PRODUCTS = [
  {
    title: "Onboarding workshop",
    description: "A half-day workshop for new teams.",
    price: 1200,
    tax_rate: 25,
    unit: "day",
    colours: [
      [47, 111, 237],
      [132, 94, 247],
    ],
  },
  {
    title: "Course licence",
    description: "One learner, twelve months, every course.",
    price: 89,
    tax_rate: 25,
    unit: "seat",
    colours: [
      [16, 185, 129],
      [59, 130, 246],
    ],
  },
  {
    title: "Custom course production",
    description: "We script, record and publish a course with you.",
    price: 9500,
    tax_rate: 25,
    unit: "course",
    colours: [
      [245, 158, 11],
      [239, 68, 68],
    ],
  },
  {
    title: "Support plan",
    description: "Priority support with a named contact.",
    price: 300,
    tax_rate: 25,
    unit: "month",
    colours: [
      [100, 116, 139],
      [15, 23, 42],
    ],
  },
] as const;

const DESCRIPTION = [
  "# A proposal for [your company](data:text/plain,client)",
  "",
  "Thank you for your time, [there](data:text/plain,first_name). Here is what we suggest for *the first quarter*.",
  "",
  "## What you get",
  "< Workshops, licences and support, priced below.",
].join("\n");

/**
 * The demo company's library (with images and prices) and proposals in several states: a draft,
 * a sent one (with an optional item and a quantity range for the customer to choose), an accepted one, a rejected one, a template, and a series with two versions (v1
 * replaced by v2, which is sent).
 */
export async function seedProposals(db: Db, caller: Caller, input: { companyId: number; contactIds: number[]; rfpId: number }) {
  const variations: number[] = [];
  for (const [i, product] of PRODUCTS.entries()) {
    const bytes = gradientPng(480, 270, product.colours[0] as [number, number, number], product.colours[1] as [number, number, number]);
    const stored = await storeFile({ bytes, filename: `product-${i + 1}.png`, mimeType: "image/png", width: 480, height: 270 });
    const created = await createContent(
      db,
      caller,
      {
        company_id: input.companyId,
        language: "en",
        title: product.title,
        description: product.description,
        images: [],
        price: product.price,
        tax_rate: product.tax_rate,
        unit: product.unit,
      } as never,
      [{ kind: "downloaded", stored }],
    );
    variations.push(created.variation_id);
  }
  const [first, second, third] = input.contactIds;
  const draft = async (
    recipient: number,
    title: string,
    blocks: {
      content_id: number;
      quantity?: number;
      discount?: number;
      optional?: boolean;
      selected?: boolean;
      quantity_min?: number;
      quantity_max?: number;
    }[],
    extra = {},
  ) => {
    const body = {
      company_id: input.companyId,
      language: "en",
      title_md: title,
      description_md: DESCRIPTION,
      data: { client: "Client Corp", first_name: "Robin" },
      recipient: { id: recipient },
      blocks,
      ...extra,
    } as never;
    const created = await createProposal(db, caller, body, await getCreationSourcesOrThrow(db, caller, body), undefined);
    return created.proposal.uuid;
  };

  // The lifecycle functions lock rows: each runs in a transaction of its own, as the API runs them.
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => db.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  const inDraft = await draft(first, "Team onboarding", [{ content_id: variations[0] }, { content_id: variations[1], quantity: 25 }], {
    tracking: { created_from_rfp: input.rfpId },
  });
  // The customer chooses here (decision 035): how many licences, and whether to add the support plan.
  const sent = await draft(second, "Course licences for Q1", [
    { content_id: variations[1], quantity: 40, discount: 10, quantity_min: 10, quantity_max: 200 },
    { content_id: variations[3], quantity: 12, optional: true, selected: false },
  ]);
  await inTx((tx) => sendProposal(tx, sent, Math.floor(Date.now() / 1000) + 30 * 86400));
  const accepted = await draft(third, "Support plan", [{ content_id: variations[3], quantity: 12 }]);
  await inTx((tx) => sendProposal(tx, accepted, undefined));
  await inTx((tx) => changeStatus(tx, accepted, "accept"));
  const rejected = await draft(first, "Custom course", [{ content_id: variations[2] }]);
  await inTx((tx) => sendProposal(tx, rejected, undefined));
  await inTx((tx) => changeStatus(tx, rejected, "reject"));
  const template = (await inTx((tx) => saveAsTemplate(tx, inDraft, caller.userId))).proposal.uuid;

  // A series with two versions: v1 sent, v2 made from it with a better price and sent, v1 replaced.
  const v1 = await draft(second, "Academy rollout", [
    { content_id: variations[0], quantity: 2 },
    { content_id: variations[1], quantity: 100 },
  ]);
  await inTx((tx) => sendProposal(tx, v1, undefined));
  const v2 = (
    await inTx((tx) =>
      createNextVersion(
        tx,
        caller,
        v1,
        {
          company_id: input.companyId,
          language: "en",
          title_md: "Academy rollout (revised)",
          blocks: [
            { content_id: variations[0], quantity: 2 },
            { content_id: variations[1], quantity: 100, discount: 15 },
          ],
        } as never,
        undefined,
      ),
    )
  ).proposal.uuid;
  await inTx((tx) => sendProposal(tx, v2, undefined));

  return { variation_ids: variations, proposals: { draft: inDraft, sent, accepted, rejected, template, series_v1: v1, series_v2: v2 } };
}
