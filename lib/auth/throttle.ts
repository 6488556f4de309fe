import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { forgetLimiters, limiterFor } from "@/lib/api/limiter-store";
import { env } from "@/lib/env";

/**
 * Guessing limits for sign-in and sign-up. Sign-in counts failures per account and per client
 * address and locks the pair out for a while once either is spent (a success clears the
 * account's count); sign-up counts every attempt per address. Read from the environment at each
 * call, so a deployment or a test changes them without a restart.
 *
 * The counts are shared by every instance: in Redis or PostgreSQL, like the API rate limits
 * (lib/api/limiter-store.ts).
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

function limiter(name: string, points: number, duration: number, blockDuration = 0) {
  // The settings are in the prefix: changing a limit starts new counts rather than reading old ones against it.
  return limiterFor({ keyPrefix: `${name}_${points}_${duration}_${blockDuration}`, points, duration, blockDuration });
}

async function signInLimiters() {
  const c = throttleConfig();
  return {
    account: await limiter("sign_in_account", c.failuresPerAccount, c.lockoutSeconds, c.lockoutSeconds),
    address: await limiter("sign_in_address", c.failuresPerAddress, c.lockoutSeconds, c.lockoutSeconds),
  };
}

const normalEmail = (email: string) => email.trim().toLowerCase();

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Seconds to wait before this account may try from this address, or null when it may try now. */
export async function signInRetryAfter(email: string, address: string): Promise<number | null> {
  const { account, address: byAddress } = await signInLimiters();
  const [a, b] = await Promise.all([account.get(normalEmail(email)), byAddress.get(address)]);
  const waits = [
    [a, account.points],
    [b, byAddress.points],
  ] as const;
  const ms = Math.max(0, ...waits.map(([res, points]) => (res && res.consumedPoints > points - 1 ? res.msBeforeNext : 0)));
  return ms > 0 ? seconds(ms) : null;
}

async function spend(limiter: RateLimiterAbstract, key: string) {
  try {
    await limiter.consume(key);
  } catch (rejected) {
    // Spent: the limiter now blocks the key; nothing else to do.
    if (!(rejected instanceof RateLimiterRes)) throw rejected;
  }
}

export async function recordSignInFailure(email: string, address: string) {
  const { account, address: byAddress } = await signInLimiters();
  await Promise.all([spend(account, normalEmail(email)), spend(byAddress, address)]);
}

export async function recordSignInSuccess(email: string) {
  await (await signInLimiters()).account.delete(normalEmail(email));
}

/** Counts one sign-up from this address; answers the seconds to wait when the address is over its budget. */
export async function signUpRetryAfter(address: string): Promise<number | null> {
  const c = throttleConfig();
  try {
    await (await limiter("sign_up_address", c.signUpsPerAddress, c.signUpWindowSeconds)).consume(address);
    return null;
  } catch (rejected) {
    if (!(rejected instanceof RateLimiterRes)) throw rejected;
    return seconds(rejected.msBeforeNext);
  }
}

/** Tests: forget this process's limiters (and the embedded database's in-memory counts), as a restarted server would. */
export const forgetThrottles = forgetLimiters;
