import { clearCount, countAgainst, forgetRateLimiters, readCounts, type Budget } from "@/lib/api/rate-limit";
import { env } from "@/lib/env";

/**
 * Guessing limits for sign-in and sign-up. Sign-in counts failures per account and per client
 * address and locks the pair out for a while once either is spent (a success clears the
 * account's count); sign-up counts every attempt per address. Read from the environment at each
 * call, so a deployment or a test changes them without a restart.
 *
 * The counts are shared by every instance, through the limits API the API rate limits use
 * (lib/api/rate-limit.ts).
 */
export function throttleConfig() {
  return {
    failuresPerAccount: env("SIGN_IN_FAILURES_PER_ACCOUNT"),
    failuresPerAddress: env("SIGN_IN_FAILURES_PER_ADDRESS"),
    lockoutSeconds: env("SIGN_IN_LOCKOUT_SECONDS"),
    signUpsPerAddress: env("SIGN_UP_PER_ADDRESS"),
    signUpWindowSeconds: env("SIGN_UP_WINDOW_SECONDS"),
  };
}

// The points are in the names: changing a limit starts new counts rather than reading old ones against it.
function signInBudgets(): { account: Budget; address: Budget } {
  const c = throttleConfig();
  const lockedOut = (name: string, points: number): Budget => ({
    name: `${name}_${points}`,
    points,
    windowSeconds: c.lockoutSeconds,
    lockoutSeconds: c.lockoutSeconds,
  });
  return { account: lockedOut("sign_in_account", c.failuresPerAccount), address: lockedOut("sign_in_address", c.failuresPerAddress) };
}

const normalEmail = (email: string) => email.trim().toLowerCase();

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Seconds to wait before this account may try from this address, or null when it may try now. */
export async function signInRetryAfter(email: string, address: string): Promise<number | null> {
  const budgets = signInBudgets();
  const items = [
    { budget: budgets.account, key: normalEmail(email) },
    { budget: budgets.address, key: address },
  ];
  const counts = await readCounts(items);
  const ms = Math.max(0, ...counts.map((count, i) => (count && count.consumedPoints >= items[i].budget.points ? count.msBeforeNext : 0)));
  return ms > 0 ? seconds(ms) : null;
}

export async function recordSignInFailure(email: string, address: string) {
  const budgets = signInBudgets();
  await countAgainst([
    { budget: budgets.account, key: normalEmail(email) },
    { budget: budgets.address, key: address },
  ]);
}

export async function recordSignInSuccess(email: string) {
  await clearCount({ budget: signInBudgets().account, key: normalEmail(email) });
}

/** Counts one sign-up from this address; answers the seconds to wait when the address is over its budget. */
export async function signUpRetryAfter(address: string): Promise<number | null> {
  const c = throttleConfig();
  const budget = { name: `sign_up_address_${c.signUpsPerAddress}`, points: c.signUpsPerAddress, windowSeconds: c.signUpWindowSeconds };
  const [counted] = await countAgainst([{ budget, key: address }]);
  return counted.consumedPoints > budget.points ? seconds(counted.msBeforeNext) : null;
}

/** Tests: forget this process's counts (the embedded database's are in memory), as a restarted server would. */
export const forgetThrottles = forgetRateLimiters;
