import { mcpHandler } from "@/lib/mcp/server";
import { toolSet, type ToolSet } from "@/lib/mcp/tools";
import { proposalsEndpoints } from "./endpoints";
import { proposalsService } from "./service";

/**
 * What people do and agents do not: committing a proposal to a customer, answering for the
 * customer, mailing someone an invitation in the user's name, or deciding where the company's
 * events go and what signs them (agents list webhooks and read their deliveries, never a secret).
 * File uploads (multipart) are left out by toolSet itself.
 */
export const NOT_AGENT_TOOLS = new Set([
  "send_proposal",
  "accept_proposal",
  "reject_proposal",
  "withdraw_proposal",
  "invite_to_company",
  "resend_company_invitation",
  // Where a company's events are sent, and the secrets that sign them, are set by its owners.
  "create_webhook",
  "update_webhook",
  "delete_webhook",
  "rotate_webhook_secret",
  "redeliver_webhook",
  "test_webhook",
  // Resolving an internal thread is a person's call, as in course review (docs/decisions/060).
  "update_proposal_comment",
  // Approving is an owner's act, and so are the rules (issue 41); asking and reading are tools.
  "approve_proposal",
  "decline_proposal_approval",
  "set_approval_rules",
  // Which workspace's courses the company sells is set by one who answers for both (issue 43).
  "set_company_workspace",
]);

let tools: ToolSet | undefined;

/** The proposals agent tools: every endpoint of the registry except NOT_AGENT_TOOLS and uploads. */
export const proposalsTools = () =>
  (tools ??= toolSet(proposalsService, proposalsEndpoints, {
    exclude: NOT_AGENT_TOOLS,
    deleteHint: "Nothing is erased: deleting content archives it, and archived items can be restored.",
  }));

const INSTRUCTIONS =
  "Sales proposals: companies (yours), their content library (products with prices), contacts (the customers' people " +
  "who receive proposals) and proposals in series with versions. To draft a proposal from a CRM note: find your company " +
  "with list_companies; find the recipient with list_contacts (q searches name, email and company name) or make one with " +
  "create_contact; find the products with list_content (company_id, include_archived=false); optionally find the RFP with " +
  "list_rfps for tracking.created_from_rfp. Then call create_proposal with company_id, language, title_md, description_md, " +
  "recipient {id} and blocks [{content_id: variation_id}] with dry_run: true to preview it, call it again without dry_run " +
  "to save the draft, and read it back with get_proposal. A draft is edited with update_proposal (send the whole block " +
  "list, echoing each kept block's uuid) and update_proposal_data; a sent proposal is revised with create_proposal_version. " +
  "Every write tool accepts dry_run: true. Sending, accepting, rejecting and withdrawing proposals are done by people in " +
  "the app, not through these tools. A draft above the company's approval rules (get_approval_rules; the proposal's approval " +
  "field names what it breaks) needs an owner's approval before anyone sends it: ask for one with request_proposal_approval.";

/** POST /api/proposals/mcp */
export const handleProposalsMcp = mcpHandler(
  { name: "coursewright-proposals", title: "Coursewright proposals", instructions: INSTRUCTIONS },
  proposalsTools,
);
