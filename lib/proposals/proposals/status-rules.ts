import { AppError } from "@/lib/api/errors";
import type { ProposalStatus } from "@/lib/generated/prisma/enums";
import { statusWord } from "./status-labels";

/**
 * What a proposal's status allows (contract.md): the status changes, which statuses are edited in
 * place, which may get a new version, and what each refusal says. The API refuses by these rules
 * (./lifecycle.ts, ./update-proposal.ts, ./edit-block.ts, ./versions.ts) and the editor shows its
 * controls by them (components/proposals/editor/*), so this module imports nothing server-only.
 * A refusal names the status in people's words (./status-labels.ts): the editor shows it as it is.
 */

/** A status as read: an active proposal past its expiry reads as expired (./read-model.ts `statusOf`). */
export type ReadStatus = ProposalStatus | "expired";

/**
 * The status changes contract.md lists; any other answers 409 NOT_EDITABLE. `from` is the status
 * as read (an active proposal past its expiry reads as expired and can only be withdrawn).
 */
export const TRANSITIONS = {
  send: { from: ["draft"], to: "active" },
  accept: { from: ["active"], to: "accepted" },
  reject: { from: ["active"], to: "rejected" },
  withdraw: { from: ["active", "expired"], to: "withdrawn" },
} as const satisfies Record<string, { from: readonly ReadStatus[]; to: ProposalStatus }>;

export type Transition = keyof typeof TRANSITIONS;

export const canTransition = (action: Transition, status: string) => (TRANSITIONS[action].from as readonly string[]).includes(status);

/** 409 NOT_EDITABLE unless TRANSITIONS lets `action` leave `status`: "A proposal that is declined cannot be accepted". */
export function assertTransition(action: Transition, status: ReadStatus) {
  if (!canTransition(action, status)) {
    throw new AppError("not_editable", `A proposal that is ${statusWord(status)} cannot be ${statusWord(TRANSITIONS[action].to)}`);
  }
}

/** Drafts and templates are edited in place; any other status changes only through a new version. */
const EDITABLE: readonly ReadStatus[] = ["draft", "template"];

export const isEditableStatus = (status: string) => (EDITABLE as readonly string[]).includes(status);

/** Withdrawn is final: no edit and no new version (PATCH and new version both refuse it first). */
const isWithdrawn = (status: string) => status === "withdrawn";

/** A withdrawn proposal gets no new version; any other status may. */
export const canGetNewVersion = (status: string) => !isWithdrawn(status);

const companyMismatch = () => new AppError("company_mismatch", "company_id does not match the proposal's company");

/** PATCH's checks after the body (contract.md): company mismatch, then withdrawn, then not draft/template. */
export function assertEditable(row: { companyId: number; status: ReadStatus }, companyId: number) {
  if (companyId !== row.companyId) throw companyMismatch();
  if (isWithdrawn(row.status)) throw new AppError("proposal_withdrawn", "This proposal is withdrawn");
  if (!isEditableStatus(row.status)) {
    throw new AppError(
      "not_editable",
      `A proposal that is ${statusWord(row.status)} cannot be edited: create a new version with POST /v3/proposals/{uuid}`,
    );
  }
}

/** What the refusal of a partial edit names: one block's customisations, or the data values. */
const PARTIAL_EDIT_REFUSALS = {
  block: (status: ReadStatus) => `A proposal that is ${statusWord(status)} cannot be edited`,
  data: (status: ReadStatus) => `The data of a proposal that is ${statusWord(status)} cannot change`,
};

/** The partial edits (one block, the data values): 409 NOT_EDITABLE unless draft or template. */
export function assertEditableStatus(status: ReadStatus, edit: keyof typeof PARTIAL_EDIT_REFUSALS) {
  if (!isEditableStatus(status)) throw new AppError("not_editable", PARTIAL_EDIT_REFUSALS[edit](status));
}

/** New version's eligibility beyond existence and access (contract.md): same company, not withdrawn. */
export function assertVersionable(source: { companyId: number; status: string }, companyId: number) {
  if (companyId !== source.companyId) throw companyMismatch();
  if (isWithdrawn(source.status)) throw new AppError("proposal_withdrawn", "A withdrawn proposal gets no new version");
}
