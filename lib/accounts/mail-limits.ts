import { countAgainst, tooManyRequests, type Budget } from "@/lib/api/rate-limit";
import { env } from "@/lib/env";

/**
 * Mails about an account (a reset link, a verification link, "someone tried to sign up") are
 * counted per address they go to, whoever asks for them and whether or not the address has an
 * account: nobody can fill a stranger's inbox, and a spent budget tells nothing about the address.
 * Read from the environment at each call; counted where the API rate limits are.
 */
export function accountMailBudget(): Budget {
  return { name: "account_mail", points: env("ACCOUNT_MAILS_PER_ACCOUNT"), windowSeconds: env("ACCOUNT_MAILS_WINDOW_SECONDS") };
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** Counts one mail to this address; 429 with Retry-After when its budget is spent. */
export async function limitAccountMail(email: string): Promise<void> {
  const budget = accountMailBudget();
  const [counted] = await countAgainst([{ budget, key: keyOf(email) }]);
  if (counted.consumedPoints > budget.points) throw tooManyRequests(budget, counted, "Too many mails asked for this address");
}

/** Counts one mail to this address; false when its budget is spent (the caller then sends nothing, and says nothing different). */
export async function mayMailAccount(email: string): Promise<boolean> {
  const budget = accountMailBudget();
  const [counted] = await countAgainst([{ budget, key: keyOf(email) }]);
  return counted.consumedPoints <= budget.points;
}
