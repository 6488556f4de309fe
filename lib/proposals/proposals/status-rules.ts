import { AppError } from "@/lib/api/errors";
import type { ProposalStatus } from "@/lib/generated/prisma/enums";
import { statusWord } from "./status-labels";

/**
 * What a proposal's status allows, for the staff and the customer alike (contract.md,
 * docs/decisions/056): one table, STATUS_RULES, of every status-dependent action, the status
 * changes it makes (TRANSITIONS), and what each refusal says. The API refuses by it (the staff's
 * ./lifecycle.ts, ./update-proposal.ts, ./edit-block.ts, ./versions.ts; the customer's
 * ../public/lock-answerable-proposal.ts) and both screens show their controls by it (the editor,
 * components/proposals/editor/*; the customer's page, components/proposals/recipient/*). So this
 * module imports nothing server-only and no next/* module: the customer's page's own script
 * bundles it (scripts/build-recipient-script.mjs). A refusal names the status in people's words
 * (./status-labels.ts): the editor and the customer's page show it as it is.
 */

/** A status as read: an active proposal past its expiry reads as expired (./read-model.ts `statusOf`). */
export type ReadStatus = ProposalStatus | "expired";

const EVERY: readonly ReadStatus[] = ["draft", "template", "active", "accepted", "rejected", "replaced", "expired", "withdrawn"];
const allBut = (...left: ReadStatus[]) => EVERY.filter((status) => !left.includes(status));

/**
 * Each action, by name, and the statuses (as read) that allow it; anything else is refused.
 * lib/proposals/proposals/status-rules.test.ts pins the table, every action against every status.
 */
export const STATUS_RULES = {
  // The staff, in the editor and through the API.
  /** Change it in place (PATCH, one block, the data values); anything sent changes only through a new version. */
  edit: ["draft", "template"],
  /** Send it: it goes to the customer, and the series' live version becomes replaced (TRANSITIONS.send). */
  send: ["draft"],
  /** Take it back, past its expiry too; the customer's link then says so (TRANSITIONS.withdraw). */
  withdraw: ["active", "expired"],
  /** Make the next version from it: withdrawn is final. */
  newVersion: allBut("withdrawn"),
  /** Archive or unarchive it: files it away for the staff; the customer's link keeps working. */
  archive: EVERY,

  // The customer's answer on their page, or the staff's "Mark accepted", "Mark declined" for them.
  /** Accept it (TRANSITIONS.accept): the customer signs with their name. */
  accept: ["active"],
  /** Decline it (TRANSITIONS.reject). */
  reject: ["active"],

  // The customer, on /p/{uuid}.
  /** Open its page and its PDF: drafts and templates are the company's work in progress, for the customer they do not exist. */
  view: allBut("draft", "template"),
  /** Leave out optional blocks and choose quantities (docs/decisions/035). */
  choose: ["active"],
  /** Ask for changes (docs/decisions/037). */
  askForChanges: ["active"],

  // Not actions: where a proposal stands.
  /** Open: it awaits the customer's answer (sent, maybe past its expiry); its change requests are open, its link worth sharing. */
  open: ["active", "expired"],
  /** A reminder may still be mailed before the expiry (docs/decisions/037; the sweeper's claim in SQL, lib/proposals/expiry, says the same). */
  remind: ["active"],
} as const satisfies Record<string, readonly ReadStatus[]>;

export type StatusRule = keyof typeof STATUS_RULES;

/** Whether `status` (as read) allows `rule`: `statusAllows("choose", proposal.status)`. */
export const statusAllows = (rule: StatusRule, status: ReadStatus) => (STATUS_RULES[rule] as readonly ReadStatus[]).includes(status);

/**
 * The status changes contract.md lists, each from the statuses its action's rule allows; any
 * other answers 409 NOT_EDITABLE. An active proposal past its expiry reads as expired and can
 * only be withdrawn.
 */
export const TRANSITIONS = {
  send: { from: STATUS_RULES.send, to: "active" },
  accept: { from: STATUS_RULES.accept, to: "accepted" },
  reject: { from: STATUS_RULES.reject, to: "rejected" },
  withdraw: { from: STATUS_RULES.withdraw, to: "withdrawn" },
} as const satisfies Record<string, { from: readonly ReadStatus[]; to: ProposalStatus }>;

export type Transition = keyof typeof TRANSITIONS;

/** 409 NOT_EDITABLE unless TRANSITIONS lets `action` leave `status`: "A proposal that is declined cannot be accepted". */
export function assertTransition(action: Transition, status: ReadStatus) {
  if (!statusAllows(action, status)) {
    throw new AppError("not_editable", `A proposal that is ${statusWord(status)} cannot be ${statusWord(TRANSITIONS[action].to)}`);
  }
}

/** Drafts and templates are edited in place; any other status changes only through a new version. */
export const isEditableStatus = (status: ReadStatus) => statusAllows("edit", status);

/** Awaiting the customer's answer (sent, maybe past its expiry). */
export const isOpen = (status: ReadStatus) => statusAllows("open", status);

/** Whether the customer's page takes an answer: accept, decline, or both. */
export const isAnswerable = (status: ReadStatus) => statusAllows("accept", status) || statusAllows("reject", status);

const companyMismatch = () => new AppError("company_mismatch", "company_id does not match the proposal's company");

/** A status that gets no new version is final: PATCH and new version both refuse it first, 400 PROPOSAL_WITHDRAWN. */
const isFinal = (status: ReadStatus) => !statusAllows("newVersion", status);

/** PATCH's checks after the body (contract.md): company mismatch, then withdrawn, then not draft/template. */
export function assertEditable(row: { companyId: number; status: ReadStatus }, companyId: number) {
  if (companyId !== row.companyId) throw companyMismatch();
  if (isFinal(row.status)) throw new AppError("proposal_withdrawn", `This proposal is ${statusWord(row.status)}`);
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
export function assertVersionable(source: { companyId: number; status: ReadStatus }, companyId: number) {
  if (companyId !== source.companyId) throw companyMismatch();
  if (isFinal(source.status)) throw new AppError("proposal_withdrawn", `A ${statusWord(source.status)} proposal gets no new version`);
}

/** Archive and unarchive: 409 NOT_EDITABLE unless the status allows it (every status does). */
export function assertArchivable(status: ReadStatus, archived: boolean) {
  if (!statusAllows("archive", status)) {
    throw new AppError("not_editable", `A proposal that is ${statusWord(status)} cannot be ${archived ? "archived" : "unarchived"}`);
  }
}

/** What the customer does on their page; each is refused with why the page no longer takes it (`closedMessage`). */
export type CustomerAction = "accept" | "reject" | "choose" | "askForChanges";

/** Why a recipient can no longer answer, choose or ask for changes, in words the page can show as they are. */
export function closedMessage(status: ReadStatus, expiresAt: Date | null): string {
  switch (status) {
    case "accepted":
      return "This proposal has already been accepted";
    case "rejected":
      return "This proposal has already been declined";
    case "expired":
      return `This proposal expired on ${expiresAt ? expiresAt.toISOString().slice(0, 10) : "its expiry date"}: ask the sender for a new one`;
    case "replaced":
      return "This proposal has been replaced by a newer version: answer the current one, or ask the sender to send it to you";
    case "withdrawn":
      return "The sender has withdrawn this proposal";
    default:
      return `A ${status} proposal cannot be answered`;
  }
}

/** The customer's refusal: 409 NOT_EDITABLE with `closedMessage`, unless the status (as read) allows `action`. */
export function assertCustomerMay(action: CustomerAction, row: { status: ReadStatus; expiresAt: Date | null }) {
  if (!statusAllows(action, row.status)) throw new AppError("not_editable", closedMessage(row.status, row.expiresAt));
}
