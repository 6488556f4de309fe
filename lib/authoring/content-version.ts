import type { Tx } from "@/lib/db/client";

/** The project's content version, as the database has it now (a string: it is a bigint). */
export const contentVersion = async (tx: Tx, projectId: string) =>
  (await tx.$queryRaw<{ version: string }[]>`SELECT content_version::text AS version FROM projects WHERE id = ${projectId}::uuid`)[0]
    ?.version;
