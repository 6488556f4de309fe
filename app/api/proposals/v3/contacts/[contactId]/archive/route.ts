// POST /v3/contacts/{contactId}/archive: archive a contact
import { archiveContactEndpoint } from "@/lib/proposals/contacts/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(archiveContactEndpoint);
