import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Guessing limits for sign-in and sign-up. Sign-in counts failures per account and per client
 * address and locks the pair out for a while once either is spent (a success clears the
 * account's count); sign-up counts every attempt per address. Read from the environment at each
 * call, so a deployment or a test changes them without a restart.
 *
 * The counts are held in this process's memory on every database for now (decision: the
 * PostgreSQL store needs the app's pg pool, which lib/db/client.ts exposes only with the API rate
 * limits; several instances each count on their own until then).
 */
export function throttleConfig() {
  const positive = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
  };
  return {
    failuresPerAccount: positive("SIGN_IN_FAILURES_PER_ACCOUNT", 5),
    failuresPerAddress: positive("SIGN_IN_FAILURES_PER_ADDRESS", 20),
    lockoutSeconds: positive("SIGN_IN_LOCKOUT_SECONDS", 15 * 60),
    signUpsPerAddress: positive("SIGN_UP_PER_ADDRESS", 10),
    signUpWindowSeconds: positive("SIGN_UP_WINDOW_SECONDS", 60 * 60),
  };
}

type Store = { limiters: Map<string, RateLimiterMemory> };
// Next.js may load this module more than once in one process; the counts must be one.
const store: Store = ((globalThis as { __appThrottle?: Store }).__appThrottle ??= { limiters: new Map() });

function limiter(name: string, points: number, duration: number, blockDuration = 0) {
  const id = `${name}:${points}:${duration}:${blockDuration}`;
  let found = store.limiters.get(id);
  if (!found) store.limiters.set(id, (found = new RateLimiterMemory({ keyPrefix: name, points, duration, blockDuration })));
  return found;
}

function signInLimiters() {
  const c = throttleConfig();
  return {
    account: limiter("sign_in_account", c.failuresPerAccount, c.lockoutSeconds, c.lockoutSeconds),
    address: limiter("sign_in_address", c.failuresPerAddress, c.lockoutSeconds, c.lockoutSeconds),
  };
}

const normalEmail = (email: string) => email.trim().toLowerCase();

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Seconds to wait before this account may try from this address, or null when it may try now. */
export async function signInRetryAfter(email: string, address: string): Promise<number | null> {
  const { account, address: byAddress } = signInLimiters();
  const [a, b] = await Promise.all([account.get(normalEmail(email)), byAddress.get(address)]);
  const waits = [
    [a, account.points],
    [b, byAddress.points],
  ] as const;
  const ms = Math.max(0, ...waits.map(([res, points]) => (res && res.consumedPoints > points - 1 ? res.msBeforeNext : 0)));
  return ms > 0 ? seconds(ms) : null;
}

async function spend(limiter: RateLimiterMemory, key: string) {
  try {
    await limiter.consume(key);
  } catch (rejected) {
    // Spent: the limiter now blocks the key; nothing else to do.
    if (!(rejected instanceof RateLimiterRes)) throw rejected;
  }
}

export async function recordSignInFailure(email: string, address: string) {
  const { account, address: byAddress } = signInLimiters();
  await Promise.all([spend(account, normalEmail(email)), spend(byAddress, address)]);
}

export async function recordSignInSuccess(email: string) {
  await signInLimiters().account.delete(normalEmail(email));
}

/** Counts one sign-up from this address; answers the seconds to wait when the address is over its budget. */
export async function signUpRetryAfter(address: string): Promise<number | null> {
  const c = throttleConfig();
  try {
    await limiter("sign_up_address", c.signUpsPerAddress, c.signUpWindowSeconds).consume(address);
    return null;
  } catch (rejected) {
    if (!(rejected instanceof RateLimiterRes)) throw rejected;
    return seconds(rejected.msBeforeNext);
  }
}

/** Tests: forget every count, as a restarted server would. */
export function forgetThrottles() {
  store.limiters.clear();
}
