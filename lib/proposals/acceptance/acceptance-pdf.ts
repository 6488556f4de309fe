import { toUnix } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/client";
import type { ProposalAcceptance } from "@/lib/generated/prisma/client";
import type { ProposalEventDto } from "../events/schemas";
import { readDocument, sha256Hex } from "./frozen-document";

/** An acceptance record whose PDF exists. */
export type IssuedRecord = ProposalAcceptance & { pdf: Uint8Array; pdfSha256: string };

const isIssued = (row: ProposalAcceptance | null): row is IssuedRecord => row !== null && row.pdf !== null && row.pdfSha256 !== null;

/**
 * The acceptance record's PDF, made once and kept: the frozen document with its certificate,
 * drawn from the record's row alone. The acceptance commits first and its PDF is made right after,
 * outside the transaction (drawing takes a second or more, and an embedded database serves one
 * transaction at a time); should that fail or the process die in between, the next download from
 * either side makes it. Of two makers at once, the first to store wins, and both serve its bytes:
 * every download, from the editor or the recipient's page, gets exactly the same file.
 * Null when the proposal has no acceptance record. The renderer is imported when a PDF is made.
 */
export async function ensureAcceptancePdf(db: Db, proposalId: string): Promise<IssuedRecord | null> {
  const row = await db.proposalAcceptance.findUnique({ where: { proposalId } });
  if (!row || isIssued(row)) return row as IssuedRecord | null;
  const { proposal } = readDocument(row.document);
  const { renderProposalPdf } = await import("../pdf/render-pdf");
  const bytes = await renderProposalPdf(db, {
    proposal,
    certificate: {
      signerName: row.signerName,
      signerEmail: row.signerEmail,
      signedAt: toUnix(row.signedAt),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      consentText: row.consentText,
      consentVersion: row.consentVersion,
      documentSha256: row.documentSha256,
      auditTrail: row.auditTrail as ProposalEventDto[],
    },
  });
  await db.proposalAcceptance.updateMany({
    where: { proposalId, pdfSha256: null },
    data: { pdf: new Uint8Array(bytes), pdfSha256: sha256Hex(bytes) },
  });
  const stored = await db.proposalAcceptance.findUnique({ where: { proposalId } });
  if (!isIssued(stored)) throw new Error(`The acceptance record of ${proposalId} has no PDF after making it`);
  return stored;
}
