import type { PublicProposal } from "./schemas";

/*
 * The recipient page's save of its choices, for its client components (./client.ts holds the answers).
 */

/** A choice as the page sends it: only what changed on a block. */
export type ChoiceInput = { uuid: string; selected?: boolean; quantity?: number };

/** Why a save of choices failed: `isFinal` when trying again cannot help (the server refused it: 400, 404, 409). */
export class ChoicesError extends Error {
  constructor(
    message: string,
    readonly isFinal: boolean,
  ) {
    super(message);
    this.name = "ChoicesError";
  }
}

/**
 * Saves the recipient's choices (POST /api/public/proposals/{uuid}/choices) and resolves with the
 * proposal as the server now holds it; rejects with a ChoicesError carrying the server's message.
 */
export async function saveChoices(uuid: string, blocks: ChoiceInput[]): Promise<PublicProposal> {
  let res: Response;
  try {
    res = await fetch(`/api/public/proposals/${encodeURIComponent(uuid)}/choices`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blocks }),
    });
  } catch {
    throw new ChoicesError("Your choice could not be saved: check your connection.", false);
  }
  const payload = (await res.json().catch(() => null)) as {
    data?: PublicProposal;
    error?: unknown;
    details?: { issues?: { message: string }[] };
  } | null;
  if (res.ok && payload?.data) return payload.data;
  const issue = payload?.details?.issues?.[0]?.message;
  const message = issue ?? (typeof payload?.error === "string" ? payload.error : `Your choice could not be saved (error ${res.status}).`);
  // 400, 404 and 409 say what is wrong; anything else (429, 503, a lost answer) may pass on another try.
  throw new ChoicesError(message, [400, 404, 409].includes(res.status));
}
