import { Prisma, type Proposal } from "@/lib/generated/prisma/client";
import { copyBlocks, type StoredBlock } from "./blocks";

/** A nullable JSON column: Prisma clears it with DbNull, not null. */
export const jsonColumn = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));
export const json = (value: unknown) => value as Prisma.InputJsonValue;

/** A proposal's content as columns, for a copy of it (the next version, a template). */
export function contentColumns(row: Proposal) {
  return {
    language: row.language,
    titleMd: row.titleMd,
    descriptionMd: row.descriptionMd,
    data: json(row.data),
    contactUserId: row.contactUserId,
    backgroundImage: jsonColumn(row.backgroundImage),
    backgroundVideo: jsonColumn(row.backgroundVideo),
    taxOptions: json(row.taxOptions),
    invoicingEnabled: row.invoicingEnabled,
    invoicing: json(row.invoicing),
    payment: json(row.payment),
    discountDecimals: row.discountDecimals,
    currency: row.currency,
    blocks: json(copyBlocks(row.blocks as StoredBlock[])),
    attachments: json(row.attachments),
  } satisfies Partial<Prisma.ProposalUncheckedCreateInput>;
}
