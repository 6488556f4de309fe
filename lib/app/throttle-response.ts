import { clientAddress } from "@/lib/api/client-address";
import { AppError } from "@/lib/api/errors";
import { serviceError } from "@/lib/api/service";
import { signInRetryAfter, signUpRetryAfter } from "@/lib/auth/throttle";
import { appService } from "./service";

/*
 * The answers of sign-in's and sign-up's throttling (lib/auth/throttle.ts), in the app's error
 * shape: here, beside the app's service, since lib/auth sits below the services (eslint.config.mjs).
 */

const wait = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** 429 in the app's error shape with Retry-After. */
function tooMany(retryAfter: number, message: string, extra: Record<string, string> = {}): Response {
  const { status, body } = serviceError(appService, new AppError("rate_limited", message));
  return Response.json(
    { ...(body as object), ...extra },
    { status, headers: { "retry-after": String(retryAfter), "cache-control": "no-store" } },
  );
}

/**
 * The counts' store cannot be reached (the database is not ready, or Redis is away): 503 in the
 * app's shape, as every API answers then; never an attempt let through uncounted, never a 500.
 */
function storeUnavailable(error: unknown): Response {
  // The limits API logs what it could not reach (lib/api/rate-limit.ts); anything else is logged here.
  if (!(error instanceof AppError && error.code === "not_configured")) console.error("[throttle]", error);
  const { status, body } = serviceError(
    appService,
    new AppError(
      "not_configured",
      "The service is not available: its database or rate-limit store is not ready. GET /api/health says why.",
    ),
  );
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

/** The credentials callback's answer while the account or the address is locked out, or null to go on. */
export async function signInThrottled(req: Request, form: URLSearchParams): Promise<Response | null> {
  let retryAfter: number | null;
  try {
    retryAfter = await signInRetryAfter(form.get("email") ?? "", clientAddress(req.headers));
  } catch (error) {
    return storeUnavailable(error);
  }
  if (!retryAfter) return null;
  // next-auth's client signIn() reads the error from `url` and hands the form { error, status: 429 }.
  const url = new URL("/sign-in?error=RateLimited", req.url).toString();
  return tooMany(retryAfter, `Too many failed sign-ins: try again in ${wait(retryAfter)}`, { url });
}

/** Counts a sign-up from the request's address; the answer when the address is over its budget, or null to go on. */
export async function signUpThrottled(req: Request): Promise<Response | null> {
  let retryAfter: number | null;
  try {
    retryAfter = await signUpRetryAfter(clientAddress(req.headers));
  } catch (error) {
    return storeUnavailable(error);
  }
  return retryAfter ? tooMany(retryAfter, `Too many sign-ups from your address: try again in ${wait(retryAfter)}`) : null;
}
