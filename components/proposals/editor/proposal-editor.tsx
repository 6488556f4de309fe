"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { SaveErrorBar, SaveIndicator } from "@/components/lesson-editor/save-indicator";
import { useAutosave } from "@/components/lesson-editor/use-autosave";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { statusDescription, statusLabel, statusWord } from "@/lib/proposals/proposals/status-labels";
import { canGetNewVersion, isEditableStatus } from "@/lib/proposals/proposals/status-rules";
import { ActionsBar } from "./actions-bar";
import { AttachmentsSection } from "./attachments-section";
import { pricedLine, type BlockDraft } from "./block-draft";
import { BlocksSection } from "./blocks-section";
import { ChangeRequestsPanel } from "./change-requests-panel";
import { errorMessage, formatMoney, formatTime, reminderNote, STATUS_STYLES } from "./format";
import { HistoryPanel } from "./history-panel";
import { ProposalPreview } from "./preview";
import { useProposal, useProposalWrites, useSeries, useSourceProposal, type ProposalDto } from "./queries";
import { RecipientSection } from "./recipient-section";
import { SettingsSection } from "./settings-section";
import { ShareLink } from "./share-link";
import { TextSection, type TextDraft } from "./text-section";
import { Totals } from "./totals";
import { dataDiff, dataToDraft, VariablesPanel, type DataDraft } from "./variables-panel";
import { VersionTimeline } from "./version-timeline";

/** How a read-only proposal got there, in words: "sent", "declined", "sent and has expired". */
const whatHappened = (status: ProposalDto["status"]) =>
  status === "expired" ? `${statusWord("active")} and has ${statusWord("expired")}` : statusWord(status);

/** The editor at /proposals/{uuid}/edit: loads the proposal, then edits it (or shows it read-only once sent). */
export function ProposalEditor({ uuid }: { uuid: string }) {
  const proposal = useProposal(uuid);
  if (proposal.isLoading) return <p className="text-sm text-slate-500">Loading the proposal…</p>;
  if (proposal.error || !proposal.data) {
    const notFound = proposal.error instanceof ApiClientError && proposal.error.status === 404;
    return (
      <div className="space-y-3">
        <Alert>
          {notFound ? "This proposal does not exist, or it belongs to a company you are not a member of." : proposal.error?.message}
        </Alert>
        <Link href="/proposals" className="text-sm text-brand-700 underline">
          Back to proposals
        </Link>
      </div>
    );
  }
  return <Editor proposal={proposal.data} />;
}

function Editor({ proposal }: { proposal: ProposalDto }) {
  const isReadOnly = !isEditableStatus(proposal.status);
  const writes = useProposalWrites(proposal);
  const series = useSeries(proposal.company_id, proposal.series_uuid);
  const [textIssues, setTextIssues] = useState<ApiIssue[]>([]);
  const [dataError, setDataError] = useState<string>();
  const [blockDrafts, setBlockDrafts] = useState<Record<string, BlockDraft>>({});
  const savedData = useRef<DataDraft>(dataToDraft(proposal.data));
  const backup = (name: string) => (isReadOnly ? undefined : `proposal-editor:${proposal.uuid}:${name}`);

  // Title and description: the text on screen is the truth; a failed save keeps it, says so and retries.
  const text = useAutosave<TextDraft>({
    initial: { title_md: proposal.title_md, description_md: proposal.description_md },
    backupKey: backup("text"),
    save: async (draft) => {
      try {
        await writes.patch(draft);
        setTextIssues([]);
      } catch (error) {
        if (error instanceof ApiClientError) setTextIssues(error.issues);
        throw error;
      }
    },
  });

  // Variables: only what changed goes out (PATCH /data merges; null deletes, so a rename is set + null).
  const data = useAutosave<DataDraft>({
    initial: dataToDraft(proposal.data),
    backupKey: backup("data"),
    save: async (draft) => {
      const diff = dataDiff(savedData.current, draft);
      if (!Object.keys(diff).length) return;
      try {
        await writes.patchData(diff);
        savedData.current = { ...draft };
        setDataError(undefined);
      } catch (error) {
        setDataError(error instanceof ApiClientError ? (error.issues[0]?.message ?? error.message) : undefined);
        throw error;
      }
    },
  });

  const onBlockDraft = useCallback((blockUuid: string, draft: BlockDraft) => {
    setBlockDrafts((all) => (all[blockUuid] === draft ? all : { ...all, [blockUuid]: draft }));
  }, []);
  const lines = proposal.blocks.map((b) => pricedLine(b, blockDrafts[b.uuid]));
  const titles = Object.fromEntries(proposal.blocks.map((b) => [b.uuid, blockDrafts[b.uuid]?.title ?? b.title]));

  const isSaving = text.status === "saving" || data.status === "saving";
  const saveError = text.error ?? data.error;
  const status =
    text.status === "error" || data.status === "error"
      ? "error"
      : isSaving
        ? "saving"
        : text.status === "saved" || data.status === "saved"
          ? "saved"
          : "idle";

  const versions = series.data ?? [];

  // The customer's change requests: on this version, or, for a draft made from a version, on that one.
  const router = useRouter();
  const sourceOfDraft = useSourceProposal(proposal.status === "draft" ? proposal.source_uuid : null);
  const [newVersionError, setNewVersionError] = useState<string>();
  async function startNewVersion() {
    setNewVersionError(undefined);
    try {
      const ref = await writes.newVersion.mutateAsync({});
      router.push(`/proposals/${ref.proposal.uuid}/edit`);
    } catch (error) {
      setNewVersionError(errorMessage(error));
    }
  }
  const keys = Object.keys(data.value);

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <Link href="/proposals" className="text-sm text-brand-700 hover:underline">
          ← Proposals
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-xl font-bold break-words text-slate-900">{proposal.title || "Untitled proposal"}</h1>
          <span className="text-sm font-semibold text-slate-500">v{proposal.version}</span>
          <span
            className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[proposal.status]}`}
            title={statusDescription(proposal.status)}
          >
            <span className="sr-only">Status: </span>
            {statusLabel(proposal.status)}
          </span>
          {proposal.archived_at ? <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Archived</span> : null}
          {isReadOnly ? null : <SaveIndicator status={status} error={saveError} />}
        </div>
        <p className="text-xs text-slate-500">
          {formatMoney(
            proposal.tax_options.tax_included ? proposal.value_with_tax : proposal.value_without_tax,
            proposal.currency,
            proposal.language,
          )}
          {" · "}
          {proposal.recipient_viewed_at
            ? `Last viewed by the recipient ${formatTime(proposal.recipient_viewed_at)}`
            : "Not viewed by the recipient yet"}
          {proposal.expires_at ? ` · Expires ${formatTime(proposal.expires_at)}` : ""}
          {reminderNote(proposal)}
        </p>
        <ActionsBar
          proposal={proposal}
          series={versions}
          writes={writes}
          beforeAction={() => Promise.all([text.flush(), data.flush()]).then(() => {})}
        />
      </header>

      <ChangeRequestsPanel
        requests={(sourceOfDraft.data ?? proposal).change_requests}
        proposal={proposal}
        source={sourceOfDraft.data}
        onNewVersion={() => void startNewVersion()}
        isBusy={writes.newVersion.isPending}
        error={newVersionError}
      />
      {isReadOnly ? (
        <Alert tone="info">
          This proposal was {whatHappened(proposal.status)} and can no longer be edited.
          {canGetNewVersion(proposal.status) ? " Make a new version to change it." : ""}
        </Alert>
      ) : null}
      {proposal.status === "active" || proposal.status === "expired" ? (
        <ShareLink
          uuid={proposal.uuid}
          path={proposal.url}
          recipient={proposal.recipient_id !== null ? proposal.recipient_name || proposal.recipient_email : null}
        />
      ) : null}
      {saveError ? (
        <div className="overflow-hidden rounded-md border border-red-200">
          <SaveErrorBar
            message={saveError.message}
            willRetry={saveError.willRetry}
            onRetry={() => (text.error ? text.retryNow() : data.retryNow())}
          />
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <fieldset disabled={isReadOnly} className="min-w-0 space-y-8">
          <legend className="sr-only">{isReadOnly ? "Proposal (read-only)" : "Edit the proposal"}</legend>
          <TextSection value={text.value} onChange={text.setValue} issues={textIssues} keys={keys} />
          <VariablesPanel
            value={data.value}
            onChange={data.setValue}
            titleMd={text.value.title_md}
            descriptionMd={text.value.description_md}
            error={dataError}
          />
          <RecipientSection proposal={proposal} patch={writes.patch} isReadOnly={isReadOnly} />
          <BlocksSection
            proposal={proposal}
            isReadOnly={isReadOnly}
            patch={writes.patch}
            patchBlock={writes.patchBlock}
            onDraft={onBlockDraft}
          />
          {lines.length ? (
            <section aria-label="Totals" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
              <Totals lines={lines} proposal={proposal} />
            </section>
          ) : null}
          <AttachmentsSection proposal={proposal} isReadOnly={isReadOnly} patch={writes.patch} />
          {isReadOnly ? null : <SettingsSection proposal={proposal} patch={writes.patch} />}
        </fieldset>
        <aside className="min-w-0 space-y-4 lg:sticky lg:top-4 lg:self-start">
          {versions.length ? <VersionTimeline versions={versions} currentUuid={proposal.uuid} /> : null}
          <ProposalPreview
            proposal={proposal}
            titleMd={text.value.title_md}
            descriptionMd={text.value.description_md}
            data={data.value}
            lines={lines}
            titles={titles}
          />
          {!isEditableStatus(proposal.status) ? (
            <Button type="button" variant="ghost" onClick={() => window.open(proposal.url, "_blank", "noopener")}>
              Open the customer&apos;s page
            </Button>
          ) : null}
          <HistoryPanel proposal={proposal} />
        </aside>
      </div>
    </div>
  );
}
