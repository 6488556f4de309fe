/**
 * Where to go after sign-in: `next` resolved against the app's origin the way a browser would
 * (backslashes read as slashes, tabs and newlines dropped), kept only when it stays on that
 * origin. Anything else goes home, so a crafted link cannot send a user to another site.
 */
export function resolveNext(value: string | null | undefined, origin: string): string {
  if (!value) return "/";
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(origin).origin) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" normalises to "//evil", which the router would read as another host.
  return /^\/[/\\]/.test(path) ? "/" : path;
}
