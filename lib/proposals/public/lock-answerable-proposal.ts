import type { Tx } from "@/lib/db/client";
import { lockProposal } from "../proposals/get-proposal";
import { statusOf, type ProposalRow } from "../proposals/read-model";
import { assertCustomerMay, type CustomerAction } from "../proposals/status-rules";
import { getViewableRow } from "./public-proposal";

/**
 * What each of the customer's actions on /p/{uuid} (accept, decline, choose, ask for changes) does
 * first, inside its transaction: 404 unless the customer can see the proposal, then its row lock,
 * then the proposal read again under the lock, with the recipient, so what a concurrent answer or
 * save wrote is seen here; then 409 NOT_EDITABLE, saying why, unless its status as read now allows
 * `action` (../proposals/status-rules.ts). Two answers arriving together queue up on the lock: the
 * second sees the first's status and is refused. Answers the row and the moment it was read at.
 */
export async function lockAnswerableProposal(tx: Tx, uuid: string, action: CustomerAction): Promise<{ row: ProposalRow; now: Date }> {
  // Refused before the lock: an unknown uuid has no row to lock.
  await getViewableRow(tx, uuid);
  await lockProposal(tx, uuid);
  const row = await getViewableRow(tx, uuid);
  const now = new Date();
  assertCustomerMay(action, { status: statusOf(row, now), expiresAt: row.expiresAt });
  return { row, now };
}
