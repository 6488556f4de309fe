import { validationError, type ValidationIssue } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { fetchAll } from "@/lib/files/fetch-all";
import { FetchRefused } from "@/lib/files/fetch-url";
import { attachmentFileUrl } from "../attachments/attachments";
import { assetUrl } from "../common-schemas";
import { recordAsset, type RequestFiles, type StoredAsset } from "../images/host-file";
import type { AttachmentInput } from "./schemas";

/** A proposal's attachment as stored and read: a library file, a link, or a PDF the service hosts. */
export type StoredAttachment = { id: number | null; name: string; mime_type: string; url: string };

/** The request's list, with the PDFs it names by url already downloaded and stored (never inside a transaction). */
export type PreparedAttachments = { input: AttachmentInput[]; fetched: Map<number, StoredAsset> };

const refusalText: Record<string, string> = {
  private_address: "The address is private or local: the service does not fetch from it",
  too_large: "The file is larger than 20 MB",
  timeout: "The server did not answer within 10 seconds",
  deadline: "The request's downloads did not finish in time",
  bad_type: "The file is not a PDF",
  too_many_redirects: "More than 3 redirects",
  http_status: "The server answered with an error",
};

/**
 * Downloads the PDFs a request names by url and stores their bytes through `files`, which deletes
 * them again should the request fail. A PDF already on the proposal (same url) is kept as it is, so
 * echoing the list back fetches nothing. A url that cannot be fetched is refused with an issue
 * naming it: unlike library images, an attachment the sender chose must not silently go missing.
 * Call it only once every refusal that needs no download has been checked.
 */
export async function prepareAttachments(
  input: AttachmentInput[] | undefined,
  existing: StoredAttachment[],
  files: RequestFiles,
): Promise<PreparedAttachments | undefined> {
  if (!input) return undefined;
  const kept = new Set(existing.filter((a) => a.mime_type === "application/pdf").map((a) => a.url));
  const wanted = [...input.entries()].filter(([, a]) => a.mime_type === "application/pdf" && a.url && !kept.has(a.url));
  const outcomes = await fetchAll(
    wanted.map(([, a]) => a.url!),
    { accept: "pdf" },
    (file) => files.store({ bytes: file.bytes, filename: file.filename, mimeType: file.mimeType }),
  );
  const fetched = new Map<number, StoredAsset>();
  const issues: ValidationIssue[] = [];
  for (const [position, outcome] of outcomes.entries()) {
    const index = wanted[position][0];
    if (outcome instanceof FetchRefused) {
      issues.push({
        path: `attachments.${index}.url`,
        message: `Could not fetch this PDF: ${refusalText[outcome.reason] ?? outcome.message}`,
      });
    } else fetched.set(index, outcome);
  }
  if (issues.length) throw validationError(issues);
  return { input, fetched };
}

/** The stored list, in request order; library attachments must belong to the proposal's company. */
export async function resolveAttachments(
  tx: Tx,
  input: { companyId: number; uploadedBy: string; prepared: PreparedAttachments; existing: StoredAttachment[] },
): Promise<StoredAttachment[]> {
  const { prepared } = input;
  const ids = prepared.input.map((a) => a.id).filter((id): id is number => id !== undefined);
  const library = new Map(
    (ids.length ? await tx.attachment.findMany({ where: { id: { in: ids }, companyId: input.companyId } }) : []).map((a) => [a.id, a]),
  );
  const existingByUrl = new Map(input.existing.map((a) => [a.url, a]));
  const issues: ValidationIssue[] = [];
  const out: StoredAttachment[] = [];
  for (const [index, a] of prepared.input.entries()) {
    if (a.id !== undefined) {
      const row = library.get(a.id);
      if (!row) issues.push({ path: `attachments.${index}.id`, message: "No attachment with this id in the company's library" });
      else out.push({ id: row.id, name: row.filename, mime_type: row.mimeType, url: attachmentFileUrl(row) });
      continue;
    }
    const fetched = prepared.fetched.get(index);
    if (fetched) {
      await recordAsset(tx, fetched, { companyId: input.companyId, uploadedBy: input.uploadedBy });
      out.push({ id: null, name: a.name!, mime_type: "application/pdf", url: assetUrl(fetched.uuid) });
      continue;
    }
    const kept = a.mime_type === "application/pdf" ? existingByUrl.get(a.url!) : undefined;
    out.push({ id: null, name: a.name!, mime_type: a.mime_type!, url: kept?.url ?? a.url! });
  }
  if (issues.length) throw validationError(issues);
  return out;
}
