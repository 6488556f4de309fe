import { randomUUID } from "node:crypto";
import { jsonResponse } from "@/lib/api/admit";
import { authenticateWith } from "@/lib/api/authenticate";
import { Uuid } from "@/lib/api/schemas";
import { getDb } from "@/lib/db/client";
import { isCompanyMember } from "../access";
import type { EngagementAccepted } from "./schemas";

/** The proposal's uuid in /api/public/proposals/{uuid}/engagement, or null. */
function proposalUuidOf(url: string): string | null {
  const match = /\/proposals\/([^/]+)\/engagement\/?$/.exec(new URL(url).pathname);
  const parsed = Uuid.safeParse(match ? decodeURIComponent(match[1]) : "");
  return parsed.success ? parsed.data.toLowerCase() : null;
}

const NOT_COUNTED: EngagementAccepted = { data: { accepted: true } };

/**
 * Runs before the engagement endpoint (its route's `before`): a report sent with the session of an
 * active member of the proposal's company is that member's preview of their own proposal, as the
 * page itself decides (lib/proposals/public/public-proposal.ts `getPublicProposal`), and is answered
 * 202 and stored nowhere, as a customer's would be answered. Anything else, a customer's report
 * above all (no cookie: nothing is looked up), goes on to the endpoint; so does a session that
 * cannot be read (ended, forged, another site's request), which is nobody's.
 */
export async function skipMemberPreview(req: Request): Promise<Response | null> {
  if (req.headers.get("authorization") !== null || !req.headers.get("cookie")) return null;
  const uuid = proposalUuidOf(req.url);
  if (!uuid) return null;
  try {
    const db = await getDb();
    const { caller } = await authenticateWith(req, db);
    const proposal = await db.proposal.findUnique({ where: { id: uuid }, select: { companyId: true } });
    if (!proposal || !(await isCompanyMember(db, caller, proposal.companyId))) return null;
  } catch {
    return null;
  }
  return jsonResponse(202, NOT_COUNTED, randomUUID());
}
