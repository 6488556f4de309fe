import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";

/** A SHA-256 as hex, in either case, spaces allowed between groups (as the certificate prints it). */
const Sha256 = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, "A SHA-256 is 64 hexadecimal digits"));

/** What /verify sends: the PDF as a multipart file field, or the SHA-256 of one typed in. */
export const VerifyInput = z
  .strictObject({
    file: z
      .file({ message: "Upload the PDF as a file" })
      .min(1, "The file is empty")
      .optional()
      .describe("The PDF to check, at most 20 MB (an acceptance record or a certificate is far smaller)"),
    sha256: Sha256.optional().describe("Or the SHA-256 of a PDF (or of an accepted document, as its certificate prints it)"),
    credential: z
      .string()
      .trim()
      .min(1, "Paste the credential")
      .max(20_000, "A credential of this app is far shorter")
      .optional()
      .describe("Or a certificate's credential: the VC-JWT as downloaded"),
  })
  .refine((input) => [input.file, input.sha256, input.credential].filter((v) => v !== undefined).length === 1, {
    message: "Upload the PDF, type its SHA-256, or paste a credential: one of the three",
    path: ["file"],
  })
  .meta({ id: "VerifyRecordInput" });
export type VerifyInput = z.infer<typeof VerifyInput>;

export const VerifyResult = z
  .object({
    kind: z
      .enum(["acceptance", "certificate"])
      .nullable()
      .describe("What was found: an acceptance record, or a certificate of completion (issue 43); null when nothing was"),
    sha256: z.string().nullable().describe("The SHA-256 checked: the uploaded file's, or the one typed in; null for a credential"),
    issued: z
      .boolean()
      .describe("Whether it is an acceptance record or a certificate this app issued (or the document a record certifies), unchanged"),
    revoked: z.boolean().describe("A certificate revoked since it was issued (an acceptance record is never revoked)"),
    matched: z
      .enum(["pdf", "document", "credential"])
      .nullable()
      .describe("pdf: the PDF itself; document: the accepted document a record's certificate hashes; credential: a certificate's VC-JWT"),
    record: z
      .object({
        proposal_title: z.string(),
        version: z.number().int(),
        company_name: z.string(),
        signer_name: z.string(),
        accepted_at: UnixTime,
        document_sha256: z.string().describe("The accepted document's SHA-256, as the certificate prints it"),
        pdf_sha256: z.string().nullable(),
      })
      .nullable(),
    certificate: z
      .object({
        id: z.uuid(),
        learner_name: z.string(),
        course_title: z.string(),
        provider_name: z.string(),
        completed_at: UnixTime,
        issued_at: UnixTime,
        revoked_at: UnixTime.nullable(),
        revoked_reason: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "VerifyRecordResult" });
export type VerifyResult = z.infer<typeof VerifyResult>;

export const VerifyResultData = z.object({ data: VerifyResult });
