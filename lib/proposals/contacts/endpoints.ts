import { defineEndpoint } from "@/lib/api/endpoint";
import { write } from "@/lib/db/transaction";
import { addContact, getContactOrThrow, listContacts, setContactArchived, updateContact } from "./contacts";
import { ContactList, ContactParams, ContactResult, CreateContactBody, ListContactsQuery, UpdateContactBody } from "./schemas";

const tag = "Contacts";

export const listContactsEndpoint = defineEndpoint({
  operationId: "list_contacts",
  method: "GET",
  path: "/v3/contacts",
  tag,
  summary: "List contacts",
  description:
    "Returns {data: contacts}. The people your companies send proposals to (recipients), oldest first: one company's with company_id, else all of " +
    "your companies'. Archived ones only with include_archived=true. q searches names, email and company name.",
  query: ListContactsQuery,
  response: ContactList,
  status: 200,
  // A company_id the caller is not a member of.
  errors: ["not_found"],
  run: async ({ db, caller, query }) => ({ data: await listContacts(db, caller, query) }),
});

export const createContactEndpoint = defineEndpoint({
  operationId: "create_contact",
  method: "POST",
  path: "/v3/contacts",
  tag,
  summary: "Create a contact",
  description:
    "Returns {data: the contact}. A new contact of one of your companies; use its id as a proposal's recipient. Unknown fields are refused.",
  body: CreateContactBody,
  response: ContactResult,
  status: 201,
  // A company_id the caller is not a member of.
  errors: ["not_found"],
  run: (ctx) => write(ctx, async (tx) => ({ data: await addContact(tx, ctx.caller, ctx.body) }), { target: (r) => r.data.id }),
});

export const updateContactEndpoint = defineEndpoint({
  operationId: "update_contact",
  method: "PATCH",
  path: "/v3/contacts/{contactId}",
  tag,
  summary: "Update a contact",
  description:
    'Returns {data: the contact} as saved. Changes the fields sent (at least one); omitted fields stay. An email of "" clears it. Beyond the document: the interface grows.',
  params: ContactParams,
  load: ({ db, caller, params }) => getContactOrThrow(db, caller, params.contactId),
  body: UpdateContactBody,
  response: ContactResult,
  status: 200,
  run: (ctx) => write(ctx, async (tx) => ({ data: await updateContact(tx, ctx.caller, ctx.params.contactId, ctx.body) })),
});

export const archiveContactEndpoint = defineEndpoint({
  operationId: "archive_contact",
  method: "POST",
  path: "/v3/contacts/{contactId}/archive",
  tag,
  summary: "Archive a contact",
  description:
    "Returns {data: the contact} as saved. An archived contact stays on the proposals that name it but cannot become a new recipient. Archiving twice changes nothing.",
  params: ContactParams,
  response: ContactResult,
  status: 200,
  run: (ctx) => write(ctx, async (tx) => ({ data: await setContactArchived(tx, ctx.caller, ctx.params.contactId, true) })),
});

export const unarchiveContactEndpoint = defineEndpoint({
  operationId: "unarchive_contact",
  method: "POST",
  path: "/v3/contacts/{contactId}/unarchive",
  tag,
  summary: "Unarchive a contact",
  description: "The contact can be a recipient again. Returns {data: the contact} as saved; unarchiving an active contact changes nothing.",
  params: ContactParams,
  response: ContactResult,
  status: 200,
  run: (ctx) => write(ctx, async (tx) => ({ data: await setContactArchived(tx, ctx.caller, ctx.params.contactId, false) })),
});
