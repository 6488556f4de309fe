/** The URL of database `name` on the PostgreSQL server `serverUrl` names (its user, host and options kept). */
export function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
