// PATCH /v3/contacts/{contactId}: update a contact
import { updateContactEndpoint } from "@/lib/proposals/contacts/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const PATCH = proposalsRoute(updateContactEndpoint);
