import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { write } from "@/lib/db/transaction";
import type { ProposalApproval } from "@/lib/generated/prisma/client";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { proposalApprovalMail, type ProposalApprovalFacts } from "@/lib/mail/templates/proposal-approval";
import { optedOut } from "@/lib/notifications/settings";
import { unsubscribeLink } from "@/lib/notifications/unsubscribe-token";
import { getCompanyRoleOrThrow, loadCompanyFor } from "../access";
import { actorOf, recordProposalEvent } from "../events/record-event";
import { CompanyParams } from "../members/schemas";
import { getProposalHeadOrThrow, lockProposal, readProposal } from "../proposals/get-proposal";
import { editorUrl } from "../proposals/read-model";
import type { ProposalDto } from "../proposals/schemas";
import { describeReason, type ApprovalReason } from "./rules";
import { ApprovalData, ApprovalNoteBody, ApprovalRulesBody, ApprovalRulesDto } from "./schemas";

/*
 * Approvals before a proposal goes out (issue 41, docs/decisions/062). A company's owners set
 * rules; a draft that breaks one is refused by send (409 APPROVAL_REQUIRED, naming each rule) until
 * an owner approves its current version. A member asks (the owners are mailed); an owner approves
 * or declines, with a note (the asker is mailed). Each step is an audit event and a webhook event.
 * Owners' acts answer a member 403 OWNER_REQUIRED; approving is a person's act, not an agent tool.
 */

const tag = "Approvals";
const ProposalParams = z.object({ uuid: z.uuid() });
const RulesData = z.object({ data: ApprovalRulesDto });

type CompanyRow = { id: number; approvalMaxDiscountPercent: number | null; approvalMaxTotal: number | null };
const rulesDto = (company: CompanyRow, canManage: boolean) => ({
  company_id: company.id,
  max_discount_percent: company.approvalMaxDiscountPercent,
  max_total_without_tax: company.approvalMaxTotal,
  can_manage: canManage,
});

export const getApprovalRulesEndpoint = defineEndpoint({
  operationId: "get_approval_rules",
  method: "GET",
  path: "/v3/companies/{companyId}/approval-rules",
  tag,
  summary: "Read a company's approval rules",
  description:
    "Returns {data: {company_id, max_discount_percent, max_total_without_tax, can_manage}}: above these limits (null: none) a draft needs " +
    "an owner's approval before it is sent. can_manage says whether you are an owner, who sets them and approves. Any member reads them.",
  params: CompanyParams,
  load: loadCompanyFor(),
  response: RulesData,
  status: 200,
  run: async ({ loaded }) => ({ data: rulesDto(loaded.company, loaded.role === "owner") }),
});

export const setApprovalRulesEndpoint = defineEndpoint({
  operationId: "set_approval_rules",
  method: "PUT",
  path: "/v3/companies/{companyId}/approval-rules",
  tag,
  summary: "Set a company's approval rules",
  description:
    "Body {max_discount_percent?, max_total_without_tax?}: a number sets a limit, null removes it, a rule left out keeps its value. Returns " +
    "{data: the rules}. A draft with a line discounted more than max_discount_percent, or whose largest total without tax (every optional " +
    "line in, every quantity range at its top) is above max_total_without_tax, cannot be sent until an owner approves it. Owners only: a " +
    "member gets 403 OWNER_REQUIRED. Drafts approved before keep their approval until they are edited.",
  params: CompanyParams,
  load: loadCompanyFor("approvals.manage"),
  body: ApprovalRulesBody,
  response: RulesData,
  status: 200,
  errors: ["owner_required"],
  run: (ctx) =>
    write(
      ctx,
      async (tx) => {
        const company = await tx.company.update({
          where: { id: ctx.params.companyId },
          data: {
            ...(ctx.body.max_discount_percent !== undefined ? { approvalMaxDiscountPercent: ctx.body.max_discount_percent } : {}),
            ...(ctx.body.max_total_without_tax !== undefined ? { approvalMaxTotal: ctx.body.max_total_without_tax } : {}),
          },
        });
        return { data: rulesDto(company, true) };
      },
      { target: () => String(ctx.params.companyId) },
    ),
});

/** A member (or a member's key) of the proposal's company may ask; another company's proposal is 401, as any proposal write. */
const loadForRequest = ({ db, caller, params }: LoadContext<{ uuid: string }>) =>
  getProposalHeadOrThrow({ tx: db, caller, uuid: params.uuid });

/** An owner of the proposal's company decides: 401 to a stranger (as any proposal write), 403 OWNER_REQUIRED to a member. */
async function loadForDecision({ db, caller, params }: LoadContext<{ uuid: string }>) {
  const head = await getProposalHeadOrThrow({ tx: db, caller, uuid: params.uuid });
  await getCompanyRoleOrThrow({ tx: db, caller, companyId: head.companyId, toDo: "approvals.manage" });
  return head;
}

const refuse = (message: string) => new AppError("conflict", message);

/** The draft, locked, with its approval state as the read model tells it: only a draft goes through an approval round. */
async function lockDraft(tx: Tx, uuid: string) {
  const row = await lockProposal(tx, uuid);
  if (row.status !== "draft") {
    throw new AppError("not_editable", `Only a draft is approved before it is sent: this proposal is ${row.status}`);
  }
  const proposal = await readProposal(tx, uuid);
  const latest = await tx.proposalApproval.findFirst({ where: { proposalId: uuid }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { row, proposal, latest };
}

const noteOf = (body: { note?: string }) => (body.note ?? "").replace(/\r\n?/g, "\n");

export const requestApprovalEndpoint = defineEndpoint({
  operationId: "request_proposal_approval",
  method: "POST",
  path: "/v3/proposals/{uuid}/approval-requests",
  tag,
  summary: "Ask the company's owners to approve a draft",
  description:
    "Body {note?}. Returns {data: approval} with status requested. For a draft that breaks an approval rule (its approval.reasons): the " +
    "owners are mailed a link to it, and proposal.approval_requested is recorded. 400 when the draft breaks no rule, is already approved " +
    "as it is, or already waits for an owner; 409 when it is not a draft.",
  params: ProposalParams,
  load: loadForRequest,
  body: ApprovalNoteBody,
  bodyOptional: true,
  response: ApprovalData,
  status: 201,
  errors: ["not_editable"],
  run: (ctx) =>
    write(
      ctx,
      async (tx) => {
        const { row, proposal } = await lockDraft(tx, ctx.params.uuid);
        const { approval } = proposal;
        if (approval.status === "not_needed") refuseNotNeeded();
        if (approval.status === "approved") throw refuse("An owner already approved this version: send it");
        if (approval.status === "requested") throw refuse("This draft already waits for an owner's approval");
        const note = noteOf(ctx.body);
        const created = await tx.proposalApproval.create({
          data: {
            proposalId: row.id,
            status: "requested",
            reasons: approval.reasons,
            requestedByUserId: ctx.caller.userId,
            requestedByName: ctx.caller.name,
            requestNote: note,
            requestedAt: new Date(),
          },
        });
        await mailOwners(tx, ctx.caller, proposal, approval.reasons, { note, key: created.id });
        return recordAndRead(tx, row, ctx.caller, "approval_requested", { note, reasons: approval.reasons });
      },
      { target: () => ctx.params.uuid },
    ),
});

function refuseNotNeeded(): never {
  throw refuse("This draft breaks none of the company's approval rules: it can be sent as it is");
}

/** Approve or decline: one endpoint each, the same steps. */
function decisionEndpoint(decision: "approved" | "declined") {
  const approving = decision === "approved";
  return defineEndpoint({
    operationId: approving ? "approve_proposal" : "decline_proposal_approval",
    method: "POST",
    path: approving ? "/v3/proposals/{uuid}/approve" : "/v3/proposals/{uuid}/decline-approval",
    tag,
    summary: approving ? "Approve a draft as it is now" : "Decline to approve a draft",
    description: approving
      ? "Body {note?}. Returns {data: approval} with status approved: the draft may be sent as it is now; an edit after this voids the " +
        "approval. Whoever asked is mailed, and proposal.approved is recorded. An owner may approve without a request. Owners only: a member " +
        "gets 403 OWNER_REQUIRED. 400 when the draft breaks no rule or is already approved as it is; 409 when it is not a draft."
      : "Body {note?}: say what should change. Returns {data: approval} with status declined: the draft cannot be sent until it breaks no " +
        "rule or an owner approves it. Whoever asked is mailed, and proposal.approval_declined is recorded. Owners only: a member gets 403 " +
        "OWNER_REQUIRED. 400 when the draft breaks no rule or is already declined; 409 when it is not a draft.",
    params: ProposalParams,
    load: loadForDecision,
    body: ApprovalNoteBody,
    bodyOptional: true,
    response: ApprovalData,
    status: 200,
    errors: ["owner_required", "not_editable"],
    run: (ctx) =>
      write(
        ctx,
        async (tx) => {
          const { row, proposal, latest } = await lockDraft(tx, ctx.params.uuid);
          const { approval } = proposal;
          if (approval.status === "not_needed") refuseNotNeeded();
          if (approval.status === decision) {
            throw refuse(approving ? "This version is already approved" : "This draft's approval is already declined");
          }
          const note = noteOf(ctx.body);
          const decided = {
            status: decision,
            reasons: approval.reasons,
            decidedByUserId: ctx.caller.userId,
            decidedByName: ctx.caller.name,
            decisionNote: note,
            decidedAt: new Date(),
            coversUpdatedAt: approving ? row.updatedAt : null,
          };
          // An open request is answered; without one, the owner's decision is a round of its own.
          const round =
            latest?.status === "requested"
              ? await tx.proposalApproval.update({ where: { id: latest.id }, data: decided })
              : await tx.proposalApproval.create({ data: { proposalId: row.id, ...decided } });
          await mailAsker(tx, ctx.caller, proposal, round, decision);
          return recordAndRead(tx, row, ctx.caller, approving ? "approved" : "approval_declined", { note });
        },
        { target: () => ctx.params.uuid },
      ),
  });
}

export const approveProposalEndpoint = decisionEndpoint("approved");
export const declineProposalApprovalEndpoint = decisionEndpoint("declined");

async function recordAndRead(
  tx: Tx,
  row: { id: string; companyId: number },
  caller: Caller,
  type: "approval_requested" | "approved" | "approval_declined",
  detail: Record<string, unknown>,
) {
  const proposal = await readProposal(tx, row.id);
  await recordProposalEvent(tx, row, { type, actor: actorOf(caller), detail, proposal });
  return { data: proposal.approval };
}

/** Mails the company's owners, but the asker, once per request; notification settings and unverified addresses apply. */
async function mailOwners(
  tx: Tx,
  caller: Caller,
  proposal: ProposalDto,
  reasons: ApprovalReason[],
  { note, key }: { note: string; key: string },
) {
  const owners = await tx.companyMember.findMany({
    where: { companyId: proposal.company_id, role: "owner", disabled: false, userId: { not: caller.userId } },
    select: { user: { select: { id: true, email: true, emailVerifiedAt: true } } },
  });
  await mailPeople(
    tx,
    owners.map((o) => o.user),
    { kind: "proposal_approval_requested", key: `approval:${key}:requested` },
    { event: "requested", by: caller.name, note, proposal, reasons },
  );
}

/** Mails whoever asked (not the owner deciding, who knows): once per decision. */
async function mailAsker(tx: Tx, caller: Caller, proposal: ProposalDto, round: ProposalApproval, decision: "approved" | "declined") {
  if (!round.requestedByUserId || round.requestedByUserId === caller.userId) return;
  const asker = await tx.companyMember.findFirst({
    where: { companyId: proposal.company_id, userId: round.requestedByUserId, disabled: false },
    select: { user: { select: { id: true, email: true, emailVerifiedAt: true } } },
  });
  if (!asker) return;
  await mailPeople(
    tx,
    [asker.user],
    { kind: "proposal_approval_decided", key: `approval:${round.id}:${decision}` },
    { event: decision, by: caller.name, note: round.decisionNote, proposal, reasons: round.reasons as ApprovalReason[] },
  );
}

async function mailPeople(
  tx: Tx,
  people: { id: string; email: string; emailVerifiedAt: Date | null }[],
  mail: { kind: "proposal_approval_requested" | "proposal_approval_decided"; key: string },
  facts: { event: ProposalApprovalFacts["event"]; by: string; note: string; proposal: ProposalDto; reasons: ApprovalReason[] },
) {
  const off = await optedOut(
    tx,
    people.map((p) => p.id),
    "proposal_approval",
  );
  for (const person of people) {
    // An address nobody proved is theirs gets nothing (decision 031).
    if (off.has(person.id) || !person.emailVerifiedAt || !isMailAddress(person.email)) continue;
    await enqueueMail(tx, {
      kind: mail.kind,
      to: person.email,
      dedupeKey: `${mail.key}:${person.id}`,
      content: proposalApprovalMail({
        event: facts.event,
        by: facts.by,
        title: facts.proposal.title,
        version: facts.proposal.version,
        companyName: facts.proposal.company_name,
        reasons: facts.reasons.map((r) => describeReason(r, facts.proposal.currency)),
        note: facts.note,
        to: person.email,
        editorUrl: appLink(editorUrl(facts.proposal.uuid)),
        unsubscribeUrl: unsubscribeLink(person.id, "proposal_approval"),
      }),
    });
  }
}
