import { validationError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/client";
import { readDocument, sha256Hex } from "./frozen-document";
import type { VerifyInput, VerifyResult } from "./schemas";

/** Every PDF starts with these bytes (ISO 32000: "%PDF-"), after at most a little junk some writers put first. */
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");

/**
 * /verify: is this an acceptance record this app issued, unchanged? An uploaded file is hashed and
 * its SHA-256 looked up among the records' PDFs (an indexed, unique column); a typed SHA-256 is
 * looked up there too, or among the accepted documents' hashes the certificates print. A file
 * that differs by one byte has another hash, and is "not issued here". Nothing is written.
 */
export async function verifyRecord(db: Db, input: VerifyInput): Promise<{ data: VerifyResult }> {
  const bytes = input.file ? new Uint8Array(await input.file.arrayBuffer()) : null;
  if (bytes && !isPdf(bytes)) {
    throw validationError([{ path: "file", message: "This file is not a PDF: upload the acceptance record's PDF as you downloaded it" }]);
  }
  const sha256 = bytes ? sha256Hex(bytes) : input.sha256!.toLowerCase();
  const select = { signerName: true, signedAt: true, document: true, documentSha256: true, pdfSha256: true } as const;
  const byPdf = await db.proposalAcceptance.findUnique({ where: { pdfSha256: sha256 }, select });
  const byDocument = byPdf || bytes ? null : await db.proposalAcceptance.findFirst({ where: { documentSha256: sha256 }, select });
  const found = byPdf ?? byDocument;
  if (!found) return { data: { sha256, issued: false, matched: null, record: null } };
  const { proposal } = readDocument(found.document);
  return {
    data: {
      sha256,
      issued: true,
      matched: byPdf ? "pdf" : "document",
      record: {
        proposal_title: proposal.title,
        version: proposal.version,
        company_name: proposal.company.name,
        signer_name: found.signerName,
        accepted_at: toUnix(found.signedAt),
        document_sha256: found.documentSha256,
        pdf_sha256: found.pdfSha256,
      },
    },
  };
}
