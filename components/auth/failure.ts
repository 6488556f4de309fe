import { ApiClientError } from "@/lib/client/api";

/** What a refused request says: the field's issue, or one line for the whole form. */
export function failureOf(e: unknown, fallback: string): { issues: ApiClientError["issues"]; message?: string } {
  const failure = e instanceof ApiClientError ? e : new ApiClientError(0, fallback);
  if (failure.issues.length) return { issues: failure.issues };
  if (failure.status === 429) return { issues: [], message: "Too many requests for now. Wait a while, then try again." };
  // A body without the service's error shape (a proxy's page) gets the fallback.
  return { issues: [], message: failure.status === 0 || failure.code !== undefined ? failure.message : fallback };
}
