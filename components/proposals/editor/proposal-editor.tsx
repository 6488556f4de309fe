"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { SaveErrorBar, SaveIndicator } from "@/components/lesson-editor/save-indicator";
import { useAutosave } from "@/components/lesson-editor/use-autosave";
import { describePresent, usePresence } from "@/components/presence/use-presence";
import { DESCRIPTION_CLASSES } from "@/components/proposals/recipient/proposal-description";
import { ProposalDocument } from "@/components/proposals/recipient/proposal-document";
import { ProposalTotals } from "@/components/proposals/recipient/proposal-totals";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingText } from "@/components/ui/loading-placeholder";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";
import { statusDescription, statusLabel, statusWord } from "@/lib/proposals/proposals/status-labels";
import { isOpen, statusAllows } from "@/lib/proposals/proposals/status-rules";
import { toPublicView, type PublicView } from "@/lib/proposals/public/public-view";
import { ApprovalPanel } from "../approvals/approval-panel";
import { ActionsBar } from "./actions-bar";
import { AttachmentsSection } from "./attachments-section";
import type { BlockDraft } from "./block-draft";
import { ChangeRequestsPanel } from "./change-requests-panel";
import { draftView, type TextDraft } from "./document-view";
import { EditableOffer } from "./editable-offer";
import { EditableDescription, EditableTitle } from "./editable-text";
import { EngagementPanel } from "./engagement-panel";
import { errorMessage, formatMoney, formatTime, issueAt, reminderNote, STATUS_STYLES } from "./format";
import { HistoryPanel } from "./history-panel";
import { InternalComments } from "./internal-comments";
import { useProposal, useProposalWrites, useSeries, useSourceProposal, type ProposalDto } from "./queries";
import { RecipientSection } from "./recipient-section";
import { SeatsPanel } from "./seats-panel";
import { SettingsSection } from "./settings-section";
import { ShareLink } from "./share-link";
import { SidePanel } from "./side-panel";
import { dataDiff, dataToDraft, VariablesPanel, type DataDraft } from "./variables-panel";
import { VersionTimeline } from "./version-timeline";

/** How a read-only proposal got there, in words: "sent", "declined", "sent and has expired". */
const whatHappened = (status: ProposalDto["status"]) =>
  status === "expired" ? `${statusWord("active")} and has ${statusWord("expired")}` : statusWord(status);

/** The editor at /proposals/{uuid}/edit: loads the proposal, then edits it (or shows it read-only once sent). */
export function ProposalEditor({ uuid }: { uuid: string }) {
  const proposal = useProposal(uuid);
  if (proposal.isLoading) return <LoadingText>Loading the proposal…</LoadingText>;
  // A refetch that fails keeps the editor (and what is typed in it); only a first read that fails shows the error.
  if (!proposal.data) {
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

type Mode = "edit" | "customer";
type Width = "desktop" | "phone";

function Editor({ proposal }: { proposal: ProposalDto }) {
  const isReadOnly = !statusAllows("edit", proposal.status);
  const writes = useProposalWrites(proposal);
  const series = useSeries(proposal.company_id, proposal.series_uuid);
  const [textIssues, setTextIssues] = useState<ApiIssue[]>([]);
  const [dataError, setDataError] = useState<string>();
  const [blockDrafts] = useState(createDraftStore);
  const [mode, setMode] = useState<Mode>("edit");
  const [width, setWidth] = useState<Width>("desktop");
  const [isPanelOpen, setPanelOpen] = useState(false);
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

  // Another person's save (presence reads the proposal again) shows in the title, description and
  // variables without a reload, while nothing here is unsaved: an edit in progress stays (decision 061).
  const serverText = useRef({ title_md: proposal.title_md, description_md: proposal.description_md });
  const serverData = useRef(proposal.data);
  useEffect(() => {
    if (isReadOnly) return;
    const fresh = { title_md: proposal.title_md, description_md: proposal.description_md };
    if (fresh.title_md !== serverText.current.title_md || fresh.description_md !== serverText.current.description_md) {
      serverText.current = fresh;
      const shown = text.value;
      if (!text.isDirty() && (shown.title_md !== fresh.title_md || shown.description_md !== fresh.description_md)) text.replace(fresh);
    }
    if (proposal.data !== serverData.current) {
      serverData.current = proposal.data;
      const draft = dataToDraft(proposal.data);
      if (!data.isDirty() && JSON.stringify(draft) !== JSON.stringify(data.value)) {
        savedData.current = { ...draft };
        data.replace(draft);
      }
    }
  }, [isReadOnly, proposal.title_md, proposal.description_md, proposal.data, text, data]);

  const { setValue: setText } = text;
  const textValue = text.value;
  const setTitle = useCallback((title_md: string) => setText((t) => ({ ...t, title_md })), [setText]);
  const setDescription = useCallback((description_md: string) => setText((t) => ({ ...t, description_md })), [setText]);

  // The page as the customer will get it, from what is on screen (read-only: as the server has it).
  // The blocks as typed are in `blockDrafts`: what shows them subscribes (DraftedView).
  const view = useMemo(
    () => (isReadOnly ? toPublicView(proposal) : draftView(proposal, textValue, data.value, NO_DRAFTS)),
    [isReadOnly, proposal, textValue, data.value],
  );
  const drafted = (show: (view: PublicView) => ReactNode) => (
    <DraftedView proposal={proposal} view={view} drafts={blockDrafts} isReadOnly={isReadOnly} text={textValue} data={data.value}>
      {show}
    </DraftedView>
  );

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
  const isCustomerView = isReadOnly || mode === "customer";

  // Who else has the proposal open, and in which block; a save anywhere refreshes it here (a field
  // being typed in keeps its text: its autosave owns it until saved).
  const client = useQueryClient();
  const [blockHere, setBlockHere] = useState<string>();
  const present = usePresence({ kind: "proposal", id: proposal.uuid }, blockHere, () => {
    void client.invalidateQueries({ queryKey: proposalKeys.detail(proposal.uuid) });
  });
  const hereNow = describePresent(present, (blockUuid) => {
    const at = proposal.blocks.findIndex((b) => b.uuid === blockUuid);
    return at >= 0 ? `block ${at + 1}` : undefined;
  });

  return (
    <div
      className="space-y-4"
      onFocusCapture={(e) =>
        setBlockHere((e.target as HTMLElement).closest("[data-block-uuid]")?.getAttribute("data-block-uuid") ?? undefined)
      }
    >
      <header className="space-y-3">
        <Link href="/proposals" className="text-sm text-brand-700 hover:underline">
          ← Proposals
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="min-w-0 truncate text-sm font-semibold text-slate-900">
            {proposal.title || "Untitled proposal"} <span className="text-slate-600">v{proposal.version}</span>
          </p>
          <span
            className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[proposal.status]}`}
            title={statusDescription(proposal.status)}
          >
            <span className="sr-only">Status: </span>
            {statusLabel(proposal.status)}
          </span>
          {proposal.archived_at ? <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Archived</span> : null}
          {isReadOnly ? null : <SaveIndicator status={status} error={saveError} />}
          <span className="flex-1" />
          <ViewSwitch isReadOnly={isReadOnly} mode={mode} onMode={setMode} width={width} onWidth={setWidth} />
          <Button type="button" variant="secondary" className="lg:hidden" aria-expanded={isPanelOpen} onClick={() => setPanelOpen(true)}>
            Recipient and settings
          </Button>
        </div>
        <p className="text-xs text-slate-600">
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
        {hereNow ? (
          <p role="status" aria-label="Who else is here" className="rounded-md bg-sky-50 px-3 py-1.5 text-sm text-sky-900">
            Here now: {hereNow}
          </p>
        ) : null}
        <ActionsBar
          proposal={proposal}
          series={versions}
          writes={writes}
          beforeAction={() => Promise.all([text.flush(), data.flush()]).then(() => {})}
        />
      </header>

      <ApprovalPanel proposal={proposal} />
      <ChangeRequestsPanel
        requests={(sourceOfDraft.data ?? proposal).change_requests}
        proposal={proposal}
        source={sourceOfDraft.data}
        onNewVersion={() => void startNewVersion()}
        isBusy={writes.newVersion.isPending}
        error={newVersionError}
      />
      {isReadOnly ? (
        <section aria-label="This proposal" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm text-slate-800">
            This proposal was {whatHappened(proposal.status)} and can no longer be edited.
            {statusAllows("newVersion", proposal.status) ? " Make a new version to change it." : ""}
          </p>
          {isOpen(proposal.status) ? (
            <ShareLink
              uuid={proposal.uuid}
              path={proposal.url}
              recipient={proposal.recipient_id !== null ? proposal.recipient_name || proposal.recipient_email : null}
            />
          ) : null}
          <Button type="button" variant="secondary" onClick={() => window.open(proposal.url, "_blank", "noopener")}>
            Open the customer&apos;s page
          </Button>
        </section>
      ) : null}
      <SeatsPanel proposal={proposal} />
      <EngagementPanel proposal={proposal} />
      {saveError ? (
        <div className="overflow-hidden rounded-md border border-red-200">
          <SaveErrorBar
            message={saveError.message}
            willRetry={saveError.willRetry}
            onRetry={() => (text.error ? text.retryNow() : data.retryNow())}
          />
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          {isCustomerView ? (
            <CustomerFrame width={width}>
              {drafted((shown) => (
                <ProposalDocument proposal={shown} />
              ))}
            </CustomerFrame>
          ) : (
            <section aria-label="The proposal, as the customer will see it" className={`${PAGE_CLASSES} pb-10 sm:p-8`}>
              <ProposalDocument
                proposal={view}
                slots={{
                  title: (
                    <EditableTitle
                      value={textValue.title_md}
                      data={data.value}
                      onChange={setTitle}
                      error={issueAt(textIssues, "title_md")}
                    />
                  ),
                  description: (
                    <div className={`${DESCRIPTION_CLASSES} ${VARIABLE_CHIP_CLASSES}`}>
                      <EditableDescription
                        value={textValue.description_md}
                        data={data.value}
                        onChange={setDescription}
                        error={issueAt(textIssues, "description_md")}
                      />
                    </div>
                  ),
                  offer: (
                    <EditableOffer
                      proposal={proposal}
                      totals={drafted((shown) => (shown.blocks.length ? <ProposalTotals proposal={shown} /> : null))}
                      patch={writes.patch}
                      patchBlock={writes.patchBlock}
                      onDraft={blockDrafts.set}
                    />
                  ),
                }}
              />
            </section>
          )}
        </div>
        <SidePanel isOpen={isPanelOpen} onClose={() => setPanelOpen(false)}>
          {versions.length ? <VersionTimeline versions={versions} currentUuid={proposal.uuid} /> : null}
          <RecipientSection proposal={proposal} patch={writes.patch} isReadOnly={isReadOnly} />
          {isReadOnly ? null : (
            <VariablesPanel
              value={data.value}
              onChange={data.setValue}
              titleMd={textValue.title_md}
              descriptionMd={textValue.description_md}
              error={dataError}
            />
          )}
          {isReadOnly ? null : <SettingsSection proposal={proposal} patch={writes.patch} />}
          <AttachmentsSection proposal={proposal} isReadOnly={isReadOnly} patch={writes.patch} />
          <InternalComments proposal={proposal} />
          <HistoryPanel proposal={proposal} />
        </SidePanel>
      </div>
    </div>
  );
}

const NO_DRAFTS: Readonly<Record<string, BlockDraft>> = {};

/**
 * The blocks' drafts as typed, outside React's state: each block reports its draft here (`set`,
 * one function for the editor's life), and only what shows the drafted page subscribes, so a
 * keystroke in a block re-renders that block and the totals, not the whole editor.
 */
function createDraftStore() {
  let drafts = NO_DRAFTS;
  const listeners = new Set<() => void>();
  return {
    get: () => drafts,
    set: (uuid: string, draft: BlockDraft) => {
      if (drafts[uuid] === draft) return;
      drafts = { ...drafts, [uuid]: draft };
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** `view` with the blocks as typed (their lines and the totals follow), for `children` to show. */
function DraftedView({
  proposal,
  view,
  drafts,
  isReadOnly,
  text,
  data,
  children,
}: {
  proposal: ProposalDto;
  view: PublicView;
  drafts: ReturnType<typeof createDraftStore>;
  isReadOnly: boolean;
  text: TextDraft;
  data: Record<string, unknown>;
  children: (view: PublicView) => ReactNode;
}) {
  const blockDrafts = useSyncExternalStore(drafts.subscribe, drafts.get, drafts.get);
  const shown = useMemo(
    () => (isReadOnly || blockDrafts === NO_DRAFTS ? view : draftView(proposal, text, data, blockDrafts)),
    [isReadOnly, blockDrafts, view, proposal, text, data],
  );
  return children(shown);
}

/** The page's card: white, like the customer's page, edge to edge on a phone. */
const PAGE_CLASSES = "recipient-page overflow-hidden bg-white sm:rounded-xl sm:shadow-sm sm:ring-1 sm:ring-slate-200";

/** The editor's variable chips (render-markdown.ts, `variableChips`): the value, marked, its key on hover. */
const VARIABLE_CHIP_CLASSES =
  "[&_.variable-chip]:rounded [&_.variable-chip]:bg-amber-100 [&_.variable-chip]:px-1 [&_.variable-chip]:text-amber-950 [&_.variable-chip]:ring-1 [&_.variable-chip]:ring-amber-300";

/**
 * "Edit" or "Customer's view" (the page exactly as the customer sees it, nothing editable), and
 * at which width to see it. A sent proposal is only ever the customer's view.
 */
function ViewSwitch({
  isReadOnly,
  mode,
  onMode,
  width,
  onWidth,
}: {
  isReadOnly: boolean;
  mode: Mode;
  onMode: (mode: Mode) => void;
  width: Width;
  onWidth: (width: Width) => void;
}) {
  const segment = (isOn: boolean) =>
    `rounded px-2.5 py-1 text-xs font-medium ${isOn ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200" : "text-slate-700 hover:text-slate-900"}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isReadOnly ? null : (
        <div role="group" aria-label="View" className="inline-flex rounded-md bg-slate-100 p-0.5">
          <button type="button" aria-pressed={mode === "edit"} onClick={() => onMode("edit")} className={segment(mode === "edit")}>
            Edit
          </button>
          <button
            type="button"
            aria-pressed={mode === "customer"}
            onClick={() => onMode("customer")}
            className={segment(mode === "customer")}
          >
            Customer&apos;s view
          </button>
        </div>
      )}
      {isReadOnly || mode === "customer" ? (
        <div role="group" aria-label="Width" className="inline-flex rounded-md bg-slate-100 p-0.5">
          <button
            type="button"
            aria-pressed={width === "desktop"}
            onClick={() => onWidth("desktop")}
            className={segment(width === "desktop")}
          >
            Desktop
          </button>
          <button type="button" aria-pressed={width === "phone"} onClick={() => onWidth("phone")} className={segment(width === "phone")}>
            Phone
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The customer's page at a desktop's or a phone's width (390 px), as it is: nothing on it is editable. */
function CustomerFrame({ width, children }: { width: Width; children: ReactNode }) {
  return (
    <section
      aria-label="The customer's view"
      className={
        width === "phone"
          ? `${PAGE_CLASSES} mx-auto w-[390px] max-w-full pb-10 sm:rounded-[1.75rem] sm:ring-8 sm:ring-slate-800`
          : `${PAGE_CLASSES} pb-10 sm:p-8`
      }
    >
      {children}
    </section>
  );
}
