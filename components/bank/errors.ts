import { ApiClientError } from "@/lib/client/api";

export type FieldErrors = Record<string, string>;

/**
 * Splits a failed call into messages per field (by the first segment of each issue's path, plus the
 * full path for nested ones such as `options.1.label`) and what is left for a form-level alert.
 */
export function splitApiError(error: unknown, fields: string[]): { fieldErrors: FieldErrors; formError?: string } {
  if (!(error instanceof ApiClientError)) return { fieldErrors: {}, formError: (error as Error)?.message ?? "Something went wrong." };
  const fieldErrors: FieldErrors = {};
  const rest: string[] = [];
  for (const issue of error.issues) {
    const head = issue.path.split(".")[0];
    if (fields.includes(head)) {
      fieldErrors[issue.path] ??= issue.message;
      fieldErrors[head] ??= issue.message;
    } else rest.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
  }
  const mapped = Object.keys(fieldErrors).length > 0;
  const formError = rest.length ? rest.join(" ") : mapped ? undefined : error.message;
  return { fieldErrors, formError };
}

export const errorMessage = (error: unknown) => (error as Error | null)?.message ?? "Something went wrong.";
