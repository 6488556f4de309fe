import type { RequestClient } from "@/lib/api/endpoint";
import type { Tx } from "@/lib/db/client";
import { listProposalEvents } from "../events/list-events";
import { CONSENT } from "./consent";
import { serializeDocument, type FrozenProposal } from "./frozen-document";

export type Signer = { name: string; email: string };

/**
 * Writes a recipient's acceptance record in the acceptance's own transaction (after its audit
 * event, which the record's trail then ends with): the signer's typed name, the time, their address
 * and user agent, the consent text this server showed (never the client's copy), and the proposal
 * exactly as they saw it, frozen as JSON text with its SHA-256. What a recipient did is never lost:
 * it commits with the status change or not at all. Its PDF is made from this row alone, right after
 * (./acceptance-pdf.ts).
 */
export async function recordAcceptance(
  tx: Tx,
  {
    proposalId,
    seen,
    signer,
    signedAt,
    client,
  }: { proposalId: string; seen: FrozenProposal; signer: Signer; signedAt: Date; client?: RequestClient },
): Promise<void> {
  const document = serializeDocument(seen);
  const auditTrail = await listProposalEvents(tx, proposalId, { forRecipient: true });
  await tx.proposalAcceptance.create({
    data: {
      proposalId,
      signerName: signer.name,
      signerEmail: signer.email,
      signedAt,
      ipAddress: client?.address ?? "unknown",
      userAgent: client?.userAgent ?? "",
      consentText: CONSENT.text,
      consentVersion: CONSENT.version,
      document: document.text,
      documentSha256: document.sha256,
      auditTrail: auditTrail as object[],
    },
  });
}
