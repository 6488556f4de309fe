import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { listContentItems, listScope } from "@/lib/proposals/content/content";
import type { ContentItemDto, ContentListQueryInput } from "@/lib/proposals/content/schemas";

/**
 * The object path of GET /v3/content's list (Prisma rows, the DTO function): the reference
 * test/integration/content-json.test.ts holds the database-built JSON (lib/proposals/content/
 * content-json.ts) equal to. Production answers a whole library by that JSON.
 */
export async function listContent(tx: Tx, caller: Caller, query: ContentListQueryInput): Promise<ContentItemDto[]> {
  return listContentItems(tx, await listScope(tx, caller, query), query);
}
