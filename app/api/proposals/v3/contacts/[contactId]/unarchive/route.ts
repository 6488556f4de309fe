// POST /v3/contacts/{contactId}/unarchive: unarchive a contact
import { unarchiveContactEndpoint } from "@/lib/proposals/contacts/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(unarchiveContactEndpoint);
