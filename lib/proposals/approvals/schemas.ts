import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";
import { APPROVAL_RULES } from "./rules";

/** The longest note on an approval request or decision. */
export const APPROVAL_NOTE_MAX = 2000;

const Limit = (what: string) => z.number().nonnegative().max(1e15).nullable().describe(what);

export const ApprovalRulesBody = z
  .strictObject({
    max_discount_percent: Limit("The largest discount on any line, in percent (0..100); null for no limit")
      .refine((v) => v === null || v <= 100, "A percent from 0 to 100")
      .optional(),
    max_total_without_tax: Limit(
      "The largest total without tax, in the proposal's currency, counting every optional line and the top of every quantity range the buyer may choose; null for no limit",
    ).optional(),
  })
  .refine((b) => b.max_discount_percent !== undefined || b.max_total_without_tax !== undefined, {
    message: "Send max_discount_percent, max_total_without_tax or both (a rule left out keeps its value)",
  });
export type ApprovalRulesBody = z.infer<typeof ApprovalRulesBody>;

export const ApprovalRulesDto = z
  .object({
    company_id: z.number().int(),
    max_discount_percent: z.number().nullable().describe("null: no limit"),
    max_total_without_tax: z.number().nullable().describe("null: no limit"),
    can_manage: z.boolean().describe("Whether you are an owner: owners change these rules and approve proposals"),
  })
  .meta({ id: "ApprovalRules" });

export const ApprovalReason = z
  .object({
    rule: z.enum(APPROVAL_RULES),
    limit: z.number(),
    actual: z.number().describe("The proposal's figure: its largest line discount, or the largest total the buyer can reach"),
  })
  .meta({ id: "ApprovalReason" });

export const ApprovalRecord = z
  .object({
    id: z.uuid(),
    status: z.enum(["requested", "approved", "declined"]),
    requested_by: z.string().nullable().describe("Who asked; null when an owner decided without a request"),
    requested_at: UnixTime.nullable(),
    request_note: z.string(),
    decided_by: z.string().nullable(),
    decided_at: UnixTime.nullable(),
    decision_note: z.string(),
  })
  .meta({ id: "ApprovalRecord" });

export const Approval = z
  .object({
    status: z
      .enum(["not_needed", "required", "requested", "approved", "declined"])
      .describe(
        "not_needed: the draft breaks no rule (or a sent proposal went out without needing one); required: it breaks a rule and has no approval " +
          "of this version; requested: waiting for an owner; approved: an owner approved this version (a sent one: it went out approved); declined",
      ),
    reasons: z.array(ApprovalReason).describe("The rules the draft breaks now (a sent proposal: those it was approved for)"),
    voided: z.boolean().describe("An approval was given for an earlier version of this draft: an edit after it voided it"),
    latest: ApprovalRecord.nullable().describe("The newest request or decision"),
  })
  .meta({ id: "ProposalApproval" });
export type ApprovalDto = z.infer<typeof Approval>;

export const ApprovalNoteBody = z.strictObject({
  note: z.string().trim().max(APPROVAL_NOTE_MAX, `At most ${APPROVAL_NOTE_MAX} characters`).optional(),
});

export const ApprovalData = z.object({ data: Approval });
