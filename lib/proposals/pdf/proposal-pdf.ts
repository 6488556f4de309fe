import { FileAnswer } from "@/lib/api/prebuilt";
import type { Db } from "@/lib/db/client";
import { ensureAcceptancePdf } from "../acceptance/acceptance-pdf";
import type { ProposalRow } from "../proposals/read-model";
import { formatDay } from "../public/presentation";
import { toPublicProposal } from "../public/public-proposal";
import type { PublicProposal } from "../public/schemas";

const PDF = "application/pdf";

/** A file name from the title: what a file system refuses is replaced, and it stays short. */
export function pdfFilename(title: string, version: number, isRecord: boolean): string {
  const stem =
    title
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, "_")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 100) || "Proposal";
  return `${stem} v${version}${isRecord ? " accepted" : ""}.pdf`;
}

/** Where a live proposal stands, in the sentence its PDF opens with (as the page's banner says it). */
function statusLine(p: PublicProposal): string | null {
  const day = (unix: number) => formatDay(unix, p.company.timezone);
  const changed = day(p.status_changed_at);
  switch (p.status) {
    case "draft":
      return "Draft: not sent yet.";
    case "template":
      return "Template.";
    case "active":
      return p.expires_at ? `Valid until ${day(p.expires_at)}.` : null;
    case "accepted": {
      const signature = p.signatures.at(-1);
      return signature ? `Accepted by ${signature.name} on ${day(signature.signed_at)}.` : `Accepted on ${changed}.`;
    }
    case "rejected":
      return `Declined on ${changed}.`;
    case "expired":
      return `Expired on ${p.expires_at ? day(p.expires_at) : changed}.`;
    case "withdrawn":
      return `Withdrawn by the sender on ${changed}.`;
    case "replaced":
      return "Replaced by a newer version.";
  }
}

/**
 * A proposal's PDF, the same from the editor and from the recipient's page. The renderer (with
 * React PDF, half a second to load) is imported on the first PDF, not with every route that
 * registers this endpoint. A proposal its
 * recipient accepted here is its acceptance record: the bytes made once at acceptance, served as
 * they are (../acceptance/acceptance-pdf.ts). Any other (a draft, a sent one, one that staff marked
 * accepted without a signature) is drawn now from the page's read model, as it stands.
 */
export async function proposalPdf(db: Db, row: ProposalRow): Promise<FileAnswer> {
  const proposal = await toPublicProposal(db, row);
  const record = proposal.has_acceptance_record ? await ensureAcceptancePdf(db, row.id) : null;
  if (record) return new FileAnswer(record.pdf, PDF, pdfFilename(proposal.title, proposal.version, true));
  const { renderProposalPdf } = await import("./render-pdf");
  const bytes = await renderProposalPdf(db, { proposal, statusLine: statusLine(proposal) });
  return new FileAnswer(bytes, PDF, pdfFilename(proposal.title, proposal.version, false));
}
