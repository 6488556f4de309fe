import { createLocalJWKSet, jwtVerify } from "jose";
import { validationError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import { publishedKeys, SIGNING_ALG } from "@/lib/certificates/signing-keys";
import type { Db } from "@/lib/db/client";
import { readDocument, sha256Hex } from "./frozen-document";
import type { VerifyInput, VerifyResult } from "./schemas";

/** Every PDF starts with these bytes (ISO 32000: "%PDF-"), after at most a little junk some writers put first. */
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");

/**
 * /verify: is this an acceptance record or a certificate this app issued, unchanged? An uploaded
 * file is hashed and its SHA-256 looked up among the records' PDFs and the certificates' PDFs (both
 * indexed, unique columns); a typed SHA-256 is looked up there too, or among the accepted
 * documents' hashes the records print. A credential (a certificate's VC-JWT) is checked against the
 * instance's published keys, then found by its id. A file that differs by one byte has another
 * hash, a credential with a changed claim or another key's signature fails its check: "not
 * issued here". A certificate revoked since says so. Nothing is written.
 */
export async function verifyRecord(db: Db, input: VerifyInput): Promise<{ data: VerifyResult }> {
  if (input.credential !== undefined) return { data: await verifyCredential(db, input.credential) };
  const bytes = input.file ? new Uint8Array(await input.file.arrayBuffer()) : null;
  if (bytes && !isPdf(bytes)) {
    throw validationError([
      { path: "file", message: "This file is not a PDF: upload the acceptance record's or certificate's PDF as you downloaded it" },
    ]);
  }
  const sha256 = bytes ? sha256Hex(bytes) : input.sha256!.toLowerCase();
  const certificate = await db.certificate.findUnique({ where: { pdfSha256: sha256 }, select: certificateFacts });
  if (certificate) return { data: certificateResult(certificate, sha256, "pdf") };
  const select = { signerName: true, signedAt: true, document: true, documentSha256: true, pdfSha256: true } as const;
  const byPdf = await db.proposalAcceptance.findUnique({ where: { pdfSha256: sha256 }, select });
  const byDocument = byPdf || bytes ? null : await db.proposalAcceptance.findFirst({ where: { documentSha256: sha256 }, select });
  const found = byPdf ?? byDocument;
  if (!found) return { data: notIssued(sha256) };
  const { proposal } = readDocument(found.document);
  return {
    data: {
      kind: "acceptance",
      sha256,
      issued: true,
      revoked: false,
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
      certificate: null,
    },
  };
}

const notIssued = (sha256: string | null): VerifyResult => ({
  kind: null,
  sha256,
  issued: false,
  revoked: false,
  matched: null,
  record: null,
  certificate: null,
});

const certificateFacts = {
  id: true,
  learnerName: true,
  courseTitle: true,
  providerName: true,
  completedAt: true,
  issuedAt: true,
  revokedAt: true,
  revokedReason: true,
  credential: true,
} as const;

type CertificateFacts = {
  id: string;
  learnerName: string;
  courseTitle: string;
  providerName: string;
  completedAt: Date;
  issuedAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
};

function certificateResult(c: CertificateFacts, sha256: string | null, matched: "pdf" | "credential"): VerifyResult {
  return {
    kind: "certificate",
    sha256,
    issued: true,
    revoked: c.revokedAt !== null,
    matched,
    record: null,
    certificate: {
      id: c.id,
      learner_name: c.learnerName,
      course_title: c.courseTitle,
      provider_name: c.providerName,
      completed_at: toUnix(c.completedAt),
      issued_at: toUnix(c.issuedAt),
      revoked_at: c.revokedAt ? toUnix(c.revokedAt) : null,
      revoked_reason: c.revokedReason,
    },
  };
}

/** A VC-JWT verified with the published keys, then found as issued: the very credential stored for its certificate. */
async function verifyCredential(db: Db, jwt: string): Promise<VerifyResult> {
  const keys = await publishedKeys(db);
  if (!keys.length) return notIssued(null);
  let jti: string | undefined;
  try {
    const { payload } = await jwtVerify(jwt, createLocalJWKSet({ keys }), { algorithms: [SIGNING_ALG] });
    jti = payload.jti;
  } catch {
    return notIssued(null);
  }
  const id = /^urn:uuid:([0-9a-f-]{36})$/i.exec(jti ?? "")?.[1];
  const found = id ? await db.certificate.findUnique({ where: { id }, select: certificateFacts }) : null;
  // Signed by our key, and the very token issued: a token signed again over other claims is not ours.
  if (!found || found.credential !== jwt) return notIssued(null);
  return certificateResult(found, null, "credential");
}
