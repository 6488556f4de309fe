import { mcpHandler } from "@/lib/mcp/server";
import { toolSet, type ToolSet } from "@/lib/mcp/tools";
import { buyerEndpoints, buyerService } from "./buyer";

/**
 * What people do and agents do not, of the buyer's endpoints (docs/decisions/071). The PDF and the
 * credential are files, which toolSet leaves out itself.
 */
export const NOT_AGENT_TOOLS = new Set([
  // Revoking a certificate is an admin's judgement of a learner, and /verify says so to anyone who checks.
  "revoke_certificate",
  // Who else manages the seats, and so may invite, free seats and add managers in turn, is handed on by a
  // person, as company invitations are in the proposals service.
  "add_enrolment_manager",
]);

let tools: ToolSet | undefined;

/** The buyer's agent tools: its seats and its certificates, except NOT_AGENT_TOOLS and files. */
export const buyerTools = () =>
  (tools ??= toolSet(buyerService, buyerEndpoints, {
    exclude: NOT_AGENT_TOOLS,
    deleteHint: "Only a learner who has not started loses the seat, and the address can be invited again while seats are left.",
  }));

const INSTRUCTIONS =
  "Seats of courses an organisation bought, and certificates of completion. For a learning manager (an account whose " +
  "verified email address manages an enrolment): start with list_my_enrolments, which returns each enrolment's id, " +
  "course, seats and seats_used; get_enrolment reads one again. To fill seats, call invite_learners with the enrolment's " +
  "id and emails (1 to 500), first with dry_run: true: more new addresses than seats left is refused as seats_exhausted " +
  "and nobody is invited, and addresses that hold a seat come back in `already`. Each new learner is mailed a link to the " +
  "course. Follow them with list_enrolment_learners (status invited, started or completed, percent_complete, quizzes, " +
  "certificate); remove_enrolment_learner frees the seat of one who has not started. For a learner: list_my_certificates " +
  "returns your certificates (the course is taken in the app). Adding managers and revoking certificates are done by " +
  "people in the app, not through these tools; a certificate's PDF and credential are downloads of the HTTP API " +
  "(/api/app/openapi.json).";

/** POST /api/app/mcp */
export const handleBuyerMcp = mcpHandler(
  { name: "coursewright-seats", title: "Coursewright seats and certificates", instructions: INSTRUCTIONS },
  buyerTools,
);
