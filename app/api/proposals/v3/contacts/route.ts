// GET /v3/contacts: list contacts; POST /v3/contacts: create a contact
import { createContactEndpoint, listContactsEndpoint } from "@/lib/proposals/contacts/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listContactsEndpoint);
export const POST = proposalsRoute(createContactEndpoint);
