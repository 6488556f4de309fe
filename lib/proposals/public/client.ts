/**
 * The recipient page's one mutation, for its client component: answer a proposal through the
 * public endpoints. Resolves with nothing on success; rejects with the server's message (a 409
 * says why the proposal can no longer be answered) or a generic one when the network fails.
 */
export type ProposalAnswer = { action: "accept"; name: string } | { action: "reject" };

export async function answerProposal(uuid: string, answer: ProposalAnswer): Promise<void> {
  const body = answer.action === "accept" ? { name: answer.name } : {};
  let res: Response;
  try {
    res = await fetch(`/api/public/proposals/${encodeURIComponent(uuid)}/${answer.action}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error("Your answer could not be sent: check your connection and try again.");
  }
  if (res.ok) return;
  const payload = (await res.json().catch(() => null)) as { error?: unknown; details?: { issues?: { message: string }[] } } | null;
  const issue = payload?.details?.issues?.[0]?.message;
  throw new Error(issue ?? (typeof payload?.error === "string" ? payload.error : `Your answer could not be sent (error ${res.status}).`));
}
