import type { ChangeRequestData } from "./schemas";

/**
 * The recipient page's mutations, for its client components: answer a proposal, or ask for
 * changes to it, through the public endpoints. An answer resolves with nothing, a change request
 * with the request as recorded; each rejects with the server's message (a 409 says why the
 * proposal can no longer be answered) or a generic one when the network fails. An acceptance carries the typed name and the ticked consent
 * (lib/proposals/acceptance/consent.ts).
 */
export type ProposalAnswer = { action: "accept"; name: string; consent: boolean } | { action: "reject" };

export async function answerProposal(uuid: string, answer: ProposalAnswer): Promise<void> {
  await postPublic(uuid, answer.action, answer.action === "accept" ? { name: answer.name, consent: answer.consent } : {}, "Your answer");
}

/** "Ask for changes": the customer's message to the sales staff (docs/decisions/037). */
export async function askForChanges(uuid: string, request: { message: string; name?: string }): Promise<ChangeRequestData["data"]> {
  const { data } = (await postPublic(uuid, "change-requests", request, "Your request")) as ChangeRequestData;
  return data;
}

/** POST /api/public/proposals/{uuid}/{action}: rejects with the server's message, or a generic one when the network fails. */
async function postPublic(uuid: string, action: string, body: unknown, what: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`/api/public/proposals/${encodeURIComponent(uuid)}/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(`${what} could not be sent: check your connection and try again.`);
  }
  if (res.ok) return res.json().catch(() => null);
  const payload = (await res.json().catch(() => null)) as { error?: unknown; details?: { issues?: { message: string }[] } } | null;
  const issue = payload?.details?.issues?.[0]?.message;
  throw new Error(issue ?? (typeof payload?.error === "string" ? payload.error : `${what} could not be sent (error ${res.status}).`));
}
