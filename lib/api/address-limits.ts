import { env } from "@/lib/env";
import { countAgainst, knownSpent, limitEach, tooManyRequests, type Budget } from "./rate-limit";

/**
 * Limits per client address (lib/api/client-address.ts) where there is no account to count
 * against: the recipient's public page, answers and change requests (the proposal's uuid is the only secret, so
 * whoever has an address may try any number of them), and API keys that fail (a guesser has no
 * key of its own to be limited by). Read from the environment at each call; counted where the API
 * rate limits are (./rate-limit.ts), so every instance shares them.
 */
export function addressLimitConfig() {
  const publicWindow = env("PUBLIC_RATE_LIMIT_WINDOW");
  return {
    /** Reads of /p/{uuid}. */
    public_page: { name: "public_page", points: env("PUBLIC_RATE_LIMIT_PER_ADDRESS"), windowSeconds: publicWindow },
    /** POST /api/public/proposals/{uuid}/accept and /reject. */
    public_answer: { name: "public_answer", points: env("PUBLIC_ANSWERS_PER_ADDRESS"), windowSeconds: publicWindow },
    /** POST /api/public/proposals/{uuid}/choices: a budget of its own, so choosing never uses up the answer. */
    public_choices: { name: "public_choices", points: env("PUBLIC_CHOICES_PER_ADDRESS"), windowSeconds: publicWindow },
    /** POST /api/public/proposals/{uuid}/change-requests: each one mails the proposal's staff. */
    public_change_request: {
      name: "public_change_request",
      points: env("PUBLIC_CHANGE_REQUESTS_PER_ADDRESS"),
      windowSeconds: env("PUBLIC_CHANGE_REQUESTS_WINDOW_SECONDS"),
    },
    /** POST /api/public/proposals/{uuid}/engagement: the page's reports of time on screen, every 15 s while it is visible. */
    public_engagement: {
      name: "public_engagement",
      points: env("PUBLIC_ENGAGEMENT_PER_ADDRESS"),
      windowSeconds: env("PUBLIC_ENGAGEMENT_WINDOW_SECONDS"),
    },
    /** POST /api/public/verify: as many checks as answers, counted apart (a check reads an upload and hashes it). */
    public_verify: { name: "public_verify", points: env("PUBLIC_ANSWERS_PER_ADDRESS"), windowSeconds: publicWindow },
    /** A proposal's view counts once per address in this window. */
    proposal_view: { name: "proposal_view", points: 1, windowSeconds: env("PUBLIC_VIEW_WINDOW_SECONDS") },
    /** POST /api/account/password-reset and /confirm: mails asked for, and tokens tried, from one address. */
    password_reset: {
      name: "password_reset",
      points: env("PASSWORD_RESET_PER_ADDRESS"),
      windowSeconds: env("ACCOUNT_MAILS_WINDOW_SECONDS"),
    },
    key_failure: {
      name: "api_key_failure",
      points: env("API_KEY_FAILURES_PER_ADDRESS"),
      windowSeconds: env("API_KEY_FAILURES_WINDOW_SECONDS"),
    },
  } satisfies Record<string, Budget>;
}

/** The limits a request declares (an endpoint's `addressLimit`, the recipient's page). */
export type AddressLimit =
  "public_page" | "public_answer" | "public_choices" | "public_change_request" | "public_engagement" | "public_verify" | "password_reset";

/** Counts one request from this address; 429 with Retry-After past the limit's budget. */
export async function limitAddress(limit: AddressLimit, address: string): Promise<void> {
  await limitEach([{ budget: addressLimitConfig()[limit], key: address }]);
}

/** Whether this is the first view of the proposal from this address in the view window (a reload is not another view). */
export async function isNewView(proposalId: string, address: string): Promise<boolean> {
  const [counted] = await countAgainst([{ budget: addressLimitConfig().proposal_view, key: `${proposalId} ${address}` }]);
  return counted.consumedPoints === 1;
}

/**
 * 429 before an API key is even looked up, when this address has spent its budget of failed keys:
 * a guesser learns nothing more until the window ends, and the database does no work for it. This
 * instance's own knowledge (`knownSpent`), so the check costs no round trip on a key's every
 * request; with several instances each refuses from the first failure it counts past the budget.
 */
export function refuseKeysPastFailures(address: string): void {
  const budget = addressLimitConfig().key_failure;
  const ms = knownSpent({ budget, key: address });
  if (ms === 0) return;
  throw tooManyRequests(budget, { consumedPoints: budget.points, msBeforeNext: ms }, "Too many failed API keys from your address");
}

/** Counts a failed key (malformed, unknown or revoked) against its address. */
export async function countKeyFailure(address: string): Promise<void> {
  await countAgainst([{ budget: addressLimitConfig().key_failure, key: address }]);
}
