import { env } from "@/lib/env";

/**
 * The app's public origin, which every link in a mail starts with: APP_URL, else NEXTAUTH_URL,
 * else this machine's port. Never a request's Host header, which a client can set to its own site.
 */
export function appOrigin(): string {
  const configured = env("APP_URL") ?? env("NEXTAUTH_URL");
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // A malformed NEXTAUTH_URL: fall through to the local origin.
    }
  }
  return `http://localhost:${env("PORT")}`;
}

/** An absolute link to a path of the app, e.g. appLink("/reset-password", { token }). */
export function appLink(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, appOrigin());
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
