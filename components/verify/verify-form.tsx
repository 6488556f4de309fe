"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FileDrop } from "@/components/ui/file-drop";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ApiClientError, appApi, formData } from "@/lib/client/api";
import type { VerifyResultDto } from "@/lib/client/types";
import { formatUtc } from "@/lib/proposals/public/presentation";

/** The server takes at most this much (lib/app/service.ts); a bigger file is refused here without sending it. */
const MAX_BYTES = 20 * 1024 * 1024;

/** The SHA-256 as the certificate prints it: groups of eight. */
const grouped = (hex: string) => hex.match(/.{1,8}/g)?.join(" ") ?? hex;

/**
 * /verify: upload a PDF, type a SHA-256 or paste a certificate's credential, and learn whether it is
 * an acceptance record or a certificate this app issued, unchanged, and what it says: for which
 * proposal, company and date, or for whom, which course and when, and whether it was revoked
 * (POST /api/public/verify).
 */
export function VerifyForm({ initialHash }: { initialHash: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState(initialHash);
  const [credential, setCredential] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<VerifyResultDto | null>(null);
  const isLive = useHydrated();

  async function check(body: { file: File } | { sha256: string } | { credential: string }) {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await appApi.POST("/public/verify", { body, bodySerializer: formData });
      setResult(answer.data);
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  }

  function onFile(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError("Choose the PDF to check first.");
    if (file.size > MAX_BYTES) {
      return setError(
        "This file is larger than 20 MB: an acceptance record from this app is far smaller. Check that it is the right file.",
      );
    }
    void check({ file });
  }

  function onHash(event: FormEvent) {
    event.preventDefault();
    if (!hash.trim()) return setError("Type the SHA-256 to check first.");
    void check({ sha256: hash });
  }

  function onCredential(event: FormEvent) {
    event.preventDefault();
    if (!credential.trim()) return setError("Paste the credential to check first.");
    void check({ credential: credential.trim() });
  }

  return (
    <div className="space-y-6">
      <form aria-label="Check a PDF" onSubmit={onFile} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-base font-semibold text-slate-900">Upload the PDF</h2>
        <div className="space-y-1">
          <FileDrop
            label="Acceptance record or certificate (PDF)"
            accept="application/pdf,.pdf"
            acceptHint="A PDF"
            prompt="Drop the PDF here or choose it"
            fileName={file?.name ?? null}
            disabled={!isLive}
            onFile={setFile}
          />
          <p className="text-xs text-slate-500">The file is hashed on the server and compared; it is not kept.</p>
        </div>
        <Button type="submit" disabled={busy || !isLive}>
          {busy ? "Checking…" : "Check the PDF"}
        </Button>
      </form>

      <form aria-label="Check a SHA-256" onSubmit={onHash} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-base font-semibold text-slate-900">Or type its SHA-256</h2>
        <Field
          label="SHA-256"
          name="sha256"
          value={hash}
          onChange={(e) => setHash(e.target.value)}
          maxLength={200}
          spellCheck={false}
          autoComplete="off"
          disabled={!isLive}
          hint="64 hexadecimal digits: the PDF's, or the accepted document's as its certificate prints it"
        />
        <Button type="submit" variant="secondary" disabled={busy || !isLive}>
          Check the SHA-256
        </Button>
      </form>

      <form
        aria-label="Check a credential"
        onSubmit={onCredential}
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 className="text-base font-semibold text-slate-900">Or paste a certificate&apos;s credential</h2>
        <div className="space-y-1">
          <label htmlFor="verify-credential" className="block text-sm font-medium text-slate-700">
            Credential
          </label>
          <textarea
            id="verify-credential"
            value={credential}
            onChange={(e) => setCredential(e.target.value)}
            rows={3}
            spellCheck={false}
            disabled={!isLive}
            aria-describedby="verify-credential-hint"
            className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
          <p id="verify-credential-hint" className="text-xs text-slate-500">
            The Open Badges credential (a VC-JWT, eyJ…) as downloaded with the certificate.
          </p>
        </div>
        <Button type="submit" variant="secondary" disabled={busy || !isLive}>
          Check the credential
        </Button>
      </form>

      {error ? <Alert>{error}</Alert> : null}
      {result ? <Verdict result={result} /> : null}
    </div>
  );
}

function Verdict({ result }: { result: VerifyResultDto }) {
  const { record, certificate } = result;
  if (!result.issued || (!record && !certificate)) {
    return (
      <section role="status" aria-label="Result" className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-5 text-amber-900">
        <h2 className="text-lg font-semibold">Not issued here</h2>
        {result.sha256 ? (
          <>
            <p>
              No acceptance record or certificate this app issued has this SHA-256. A file changed by even one byte has another SHA-256, so
              a file that was edited, re-saved or printed to PDF again is not the one issued.
            </p>
            <p className="text-sm break-all">
              SHA-256 checked: <code>{grouped(result.sha256)}</code>
            </p>
          </>
        ) : (
          <p>
            This credential was not issued here: its signature does not check out with this app&apos;s keys, or its content was changed.
          </p>
        )}
      </section>
    );
  }
  if (certificate) return <CertificateVerdict result={result} certificate={certificate} />;
  if (!record) return null;
  const what =
    result.matched === "pdf"
      ? "This PDF is an acceptance record issued here, unchanged."
      : "This is the SHA-256 of an accepted document a record issued here certifies.";
  return (
    <section
      role="status"
      aria-label="Result"
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
    >
      <h2 className="text-lg font-semibold">Issued here</h2>
      <p>{what}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Proposal</dt>
        <dd className="break-words">
          {record.proposal_title || "Proposal"} (version {record.version})
        </dd>
        <dt className="font-medium">Company</dt>
        <dd className="break-words">{record.company_name}</dd>
        <dt className="font-medium">Accepted by</dt>
        <dd className="break-words">{record.signer_name}</dd>
        <dt className="font-medium">Accepted on</dt>
        <dd>{formatUtc(record.accepted_at)}</dd>
        <dt className="font-medium">Accepted document SHA-256</dt>
        <dd className="break-all">
          <code>{grouped(record.document_sha256)}</code>
          <span className="block text-xs">As printed on the record&apos;s certificate.</span>
        </dd>
        {record.pdf_sha256 ? (
          <>
            <dt className="font-medium">Record (PDF) SHA-256</dt>
            <dd className="break-all">
              <code>{grouped(record.pdf_sha256)}</code>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function CertificateVerdict({
  result,
  certificate,
}: {
  result: VerifyResultDto;
  certificate: NonNullable<VerifyResultDto["certificate"]>;
}) {
  const revoked = result.revoked;
  return (
    <section
      role="status"
      aria-label="Result"
      className={`space-y-3 rounded-lg border p-5 ${revoked ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
    >
      <h2 className="text-lg font-semibold">{revoked ? "Issued here, and revoked" : "Issued here"}</h2>
      <p>
        {result.matched === "pdf"
          ? "This PDF is a certificate issued here, unchanged."
          : "This credential is a certificate issued here, unchanged."}
        {revoked ? " It has been revoked since." : ""}
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Learner</dt>
        <dd className="break-words">{certificate.learner_name}</dd>
        <dt className="font-medium">Course</dt>
        <dd className="break-words">{certificate.course_title}</dd>
        <dt className="font-medium">Provider</dt>
        <dd className="break-words">{certificate.provider_name}</dd>
        <dt className="font-medium">Completed on</dt>
        <dd>{formatUtc(certificate.completed_at)}</dd>
        {certificate.revoked_at !== null ? (
          <>
            <dt className="font-medium">Revoked on</dt>
            <dd>{formatUtc(certificate.revoked_at)}</dd>
            <dt className="font-medium">Why</dt>
            <dd className="break-words">{certificate.revoked_reason}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function describe(error: unknown): string {
  if (error instanceof ApiClientError) {
    if (error.status === 413)
      return "This file is larger than 20 MB: an acceptance record from this app is far smaller. Check that it is the right file.";
    if (error.status === 429) return error.message;
    return error.issues[0]?.message ?? error.message;
  }
  return "Something went wrong. Try again.";
}
