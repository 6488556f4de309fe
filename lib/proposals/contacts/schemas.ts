import { z } from "zod";
import { atLeastOne, NumericId, UnixTime } from "@/lib/api/schemas";
import { dataOf, Id, QueryBoolean, QueryId } from "@/lib/proposals/common-schemas";

/** A contact's name, phone or company: trimmed, at most 200 characters. */
const Text = z.string().trim().max(200);

/** An email checked loosely (a well-formed address), stored lower case; "" clears it. */
const Email = z
  .union([z.literal(""), z.email().max(200)])
  .transform((s) => s.toLowerCase())
  .describe("A well-formed address, at most 200 characters; stored lower case");

/** Where a contact came from: the CRM integration that knows it (proposals-service.md, recipient). */
export const ContactSources = z
  .strictObject({
    integration: z
      .strictObject({
        id: Id.optional().describe("The integration"),
        contactId: z.string().max(200).optional().describe("The contact's id in the integration"),
        metadata: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
  })
  .meta({ id: "ContactSources" });

/** The editable fields of a contact: a new recipient of a proposal has the same ones. */
export const ContactFields = z.strictObject({
  first_name: Text.optional(),
  last_name: Text.optional(),
  email: Email.optional(),
  phone: Text.optional(),
  company_name: Text.optional().describe("The company the contact works for (not yours)"),
  sources: ContactSources.optional(),
});
export type ContactFieldsInput = z.infer<typeof ContactFields>;

export const Contact = z
  .object({
    id: z.number().int(),
    company_id: z.number().int().describe("Your company whose contact this is"),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    company_name: z.string(),
    sources: z.record(z.string(), z.unknown()).describe("Integration metadata; {} when none"),
    is_archived: z.boolean(),
    archived_at: UnixTime.nullable().describe("Archived contacts stay on the proposals that name them but cannot become new recipients"),
    created_at: UnixTime,
    updated_at: UnixTime,
  })
  .meta({ id: "Contact" });
export type ContactDto = z.infer<typeof Contact>;

export const ContactList = dataOf(z.array(Contact));
export const ContactResult = dataOf(Contact);

export const ContactParams = z.object({ contactId: NumericId });

export const ListContactsQuery = z.object({
  company_id: QueryId.optional().describe("One of your companies; all of them when left out"),
  include_archived: QueryBoolean.default(false).describe("true includes archived contacts"),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("Search: every word must appear in the first name, last name, email or company name (case-insensitive)"),
});
export type ListContactsInput = z.infer<typeof ListContactsQuery>;

export const CreateContactBody = ContactFields.extend({ company_id: Id.describe("One of your companies") });
export type CreateContactInput = z.infer<typeof CreateContactBody>;

export const UpdateContactBody = atLeastOne(ContactFields, Object.keys(ContactFields.shape));
