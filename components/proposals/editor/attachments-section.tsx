"use client";

import { useState, type FormEvent } from "react";
import { SelectField } from "@/components/lesson-editor/form-controls";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FileDrop } from "@/components/ui/file-drop";
import { TrashIcon } from "@/components/ui/icons";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { issueAt } from "./format";
import {
  attachmentRef,
  useAttachmentLibrary,
  useUploadAttachment,
  type AttachmentInput,
  type ProposalChange,
  type ProposalDto,
} from "./queries";

type Kind = "library" | "link" | "pdf" | "upload";

/** Files and links sent with the proposal: from the library, a link, a PDF url or an uploaded file. */
export function AttachmentsSection({
  proposal,
  isReadOnly,
  patch,
}: {
  proposal: ProposalDto;
  isReadOnly: boolean;
  patch: (change: ProposalChange) => Promise<ProposalDto>;
}) {
  const [kind, setKind] = useState<Kind>("link");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [libraryId, setLibraryId] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  const [message, setMessage] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const library = useAttachmentLibrary(proposal.company_id, !isReadOnly && kind === "library");
  const upload = useUploadAttachment(proposal.company_id);
  const current = proposal.attachments;
  const at = `attachments.${current.length}`;

  async function save(list: AttachmentInput[]) {
    setIsBusy(true);
    try {
      await patch({ attachments: list });
      setIssues([]);
      setMessage(undefined);
      return true;
    } catch (error) {
      setIssues(error instanceof ApiClientError ? error.issues : []);
      setMessage(
        error instanceof ApiClientError && error.issues.length ? undefined : error instanceof Error ? error.message : "Not saved.",
      );
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    let next: AttachmentInput;
    if (kind === "library") {
      if (!libraryId) return setMessage("Choose a file from the library.");
      next = { id: Number(libraryId) };
    } else if (kind === "upload") {
      if (!file) return setMessage("Choose a file to upload.");
      try {
        setIsBusy(true);
        next = { id: (await upload.mutateAsync(file)).id };
      } catch (error) {
        setIsBusy(false);
        return setMessage(error instanceof Error ? error.message : "The upload failed.");
      }
    } else {
      if (!name.trim() || !url.trim()) return setMessage("Give the attachment a name and a url.");
      next = { mime_type: kind === "pdf" ? "application/pdf" : "text/html", name: name.trim(), url: url.trim() };
    }
    if (await save([...current.map(attachmentRef), next])) {
      setName("");
      setUrl("");
      setFile(null);
      setLibraryId("");
    }
  }

  return (
    <section aria-labelledby="attachments-heading" className="space-y-3">
      <h2 id="attachments-heading" className="text-base font-semibold text-slate-900">
        Attachments
      </h2>
      {current.length ? (
        <ul aria-label="Attachments" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {current.map((a, index) => (
            <li key={`${a.url}-${index}`} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <a href={a.url} target="_blank" rel="noreferrer noopener" className="min-w-0 truncate text-brand-700 underline">
                {a.name}
              </a>
              <span className="shrink-0 text-xs text-slate-500">
                {a.mime_type === "text/html" ? "Link" : a.mime_type === "application/pdf" ? "PDF" : a.mime_type}
              </span>
              {isReadOnly ? null : (
                <button
                  type="button"
                  aria-label={`Remove attachment ${a.name}`}
                  className="rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-700"
                  onClick={() => void save(current.filter((_, i) => i !== index).map(attachmentRef))}
                >
                  <TrashIcon />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No attachments.</p>
      )}
      {isReadOnly ? null : (
        <form onSubmit={add} aria-label="Add an attachment" className="space-y-3 rounded-md border border-slate-200 p-3">
          <SelectField label="Attachment type" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            <option value="link">A link</option>
            <option value="pdf">A PDF by its url</option>
            <option value="upload">Upload a file</option>
            <option value="library">From the library</option>
          </SelectField>
          {kind === "link" || kind === "pdf" ? (
            <div className="space-y-3">
              <Field label="Attachment name" value={name} onChange={(e) => setName(e.target.value)} error={issueAt(issues, `${at}.name`)} />
              <Field
                label="Attachment url"
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                error={issueAt(issues, `${at}.url`) ?? issueAt(issues, at)}
              />
            </div>
          ) : kind === "upload" ? (
            <FileDrop
              label="File (PDF or image)"
              accept="application/pdf,image/*"
              acceptHint="A PDF or an image"
              prompt="Drop a file here or choose one"
              fileName={file?.name}
              disabled={isBusy}
              onFile={(chosen) => {
                setFile(chosen);
                setMessage(undefined);
              }}
            />
          ) : (
            <SelectField label="Library file" value={libraryId} onChange={(e) => setLibraryId(e.target.value)} error={issueAt(issues, at)}>
              <option value="">
                {library.isLoading ? "Loading…" : library.data?.length ? "Choose a file" : "The library has no files"}
              </option>
              {library.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.filename}
                </option>
              ))}
            </SelectField>
          )}
          {message || issueAt(issues, "attachments") ? (
            <p role="alert" className="text-sm text-red-700">
              {message ?? issueAt(issues, "attachments")}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" disabled={isBusy}>
            Add attachment
          </Button>
        </form>
      )}
    </section>
  );
}
