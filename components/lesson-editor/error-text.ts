import { ApiClientError } from "@/lib/client/api";

/** An error as the editor shows it: the API's message with its first issue, else the error's own message. */
export function errorText(error: unknown) {
  if (error instanceof ApiClientError) {
    const issue = error.issues[0];
    return issue ? `${error.message}: ${issue.message}` : error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong.";
}
