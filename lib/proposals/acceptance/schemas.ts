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
      .describe("The PDF to check, at most 20 MB (an acceptance record is far smaller)"),
    sha256: Sha256.optional().describe("Or the SHA-256 of a PDF (or of an accepted document, as its certificate prints it)"),
  })
  .refine((input) => (input.file === undefined) !== (input.sha256 === undefined), {
    message: "Upload the PDF, or type its SHA-256: one of the two",
    path: ["file"],
  })
  .meta({ id: "VerifyRecordInput" });
export type VerifyInput = z.infer<typeof VerifyInput>;

export const VerifyResult = z
  .object({
    sha256: z.string().describe("The SHA-256 checked: the uploaded file's, or the one typed in"),
    issued: z.boolean().describe("Whether it is an acceptance record this app issued (or the document one certifies), unchanged"),
    matched: z
      .enum(["pdf", "document"])
      .nullable()
      .describe("pdf: the record's PDF itself; document: the accepted document its certificate hashes"),
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
  })
  .meta({ id: "VerifyRecordResult" });
export type VerifyResult = z.infer<typeof VerifyResult>;

export const VerifyResultData = z.object({ data: VerifyResult });
