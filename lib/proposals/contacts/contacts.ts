import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import { toUnix, toUnixOrNull } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { Prisma, Contact as ContactRow } from "@/lib/generated/prisma/client";
import { activeMemberWhere, getCompanyOrThrow, memberCompanyIds } from "@/lib/proposals/access";
import type { ContactDto, ContactFieldsInput, CreateContactInput, ListContactsInput } from "./schemas";

/**
 * Contacts: the people at a customer a company sends proposals to (a proposal's recipient). The
 * API, the admin CLI and the demo seed all make and change them through this file.
 */

export function toContactDto(row: ContactRow): ContactDto {
  const sources = row.sources;
  return {
    id: row.id,
    company_id: row.companyId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    company_name: row.companyName,
    sources: sources && typeof sources === "object" && !Array.isArray(sources) ? (sources as Record<string, unknown>) : {},
    is_archived: row.archivedAt !== null,
    archived_at: toUnixOrNull(row.archivedAt),
    created_at: toUnix(row.createdAt),
    updated_at: toUnix(row.updatedAt),
  };
}

export type NewContact = {
  companyId: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  companyName?: string;
  sources?: Record<string, unknown>;
};

/** The one place a contact row is made: trimmed fields, email lower case. Access is the caller's to check. */
export async function createContact(tx: Tx, input: NewContact): Promise<ContactRow> {
  const company = await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } });
  if (!company) throw notFound("Company");
  return tx.contact.create({
    data: {
      companyId: input.companyId,
      firstName: input.firstName?.trim() ?? "",
      lastName: input.lastName?.trim() ?? "",
      email: input.email?.trim().toLowerCase() ?? "",
      phone: input.phone?.trim() ?? "",
      companyName: input.companyName?.trim() ?? "",
      ...(input.sources ? { sources: input.sources as Prisma.InputJsonValue } : {}),
    },
  });
}

/** API field names -> the row's, for the fields that were sent. */
function changesOf(fields: ContactFieldsInput) {
  return {
    ...(fields.first_name !== undefined ? { firstName: fields.first_name } : {}),
    ...(fields.last_name !== undefined ? { lastName: fields.last_name } : {}),
    ...(fields.email !== undefined ? { email: fields.email } : {}),
    ...(fields.phone !== undefined ? { phone: fields.phone } : {}),
    ...(fields.company_name !== undefined ? { companyName: fields.company_name } : {}),
    ...(fields.sources !== undefined ? { sources: fields.sources as Record<string, unknown> } : {}),
  };
}

/**
 * A contact of one of the caller's companies. Another company's contact answers as one that does
 * not exist (404), like an unknown id.
 */
export async function getContactOrThrow(tx: Tx, caller: Caller, contactId: number): Promise<ContactRow> {
  const contact = await tx.contact.findFirst({
    where: { id: contactId, company: { members: { some: activeMemberWhere(caller.userId) } } },
  });
  if (!contact) throw notFound("Contact");
  return contact;
}

/** The contacts of one of the caller's companies, or of all of them; oldest first. */
export async function listContacts(tx: Tx, caller: Caller, query: ListContactsInput): Promise<ContactDto[]> {
  const companyIds =
    query.company_id !== undefined
      ? [(await getCompanyOrThrow({ tx, caller, companyId: query.company_id })).id]
      : await memberCompanyIds(tx, caller);
  const words = (query.q ?? "").split(/\s+/).filter(Boolean);
  const rows = await tx.contact.findMany({
    where: {
      companyId: { in: companyIds },
      ...(query.include_archived ? {} : { archivedAt: null }),
      // Every word in some field: "robin client" finds Robin Client, and so does "client corp".
      AND: words.map((word) => ({
        OR: (["firstName", "lastName", "email", "companyName"] as const).map((field) => ({
          [field]: { contains: word, mode: "insensitive" as const },
        })),
      })),
    },
    orderBy: { id: "asc" },
  });
  return rows.map(toContactDto);
}

/** A new contact of one of the caller's companies. */
export async function addContact(tx: Tx, caller: Caller, body: CreateContactInput): Promise<ContactDto> {
  await getCompanyOrThrow({ tx, caller, companyId: body.company_id });
  const fields = changesOf(body);
  return toContactDto(await createContact(tx, { companyId: body.company_id, ...fields }));
}

export async function updateContact(tx: Tx, caller: Caller, contactId: number, body: ContactFieldsInput): Promise<ContactDto> {
  await getContactOrThrow(tx, caller, contactId);
  const { sources, ...rest } = changesOf(body);
  const row = await tx.contact.update({
    where: { id: contactId },
    data: { ...rest, ...(sources !== undefined ? { sources: sources as Prisma.InputJsonValue } : {}) },
  });
  return toContactDto(row);
}

/**
 * Archived contacts stay on the proposals that name them but cannot become new recipients.
 * Archiving an archived contact keeps its first archived_at; unarchiving an active one changes nothing.
 */
export async function setContactArchived(tx: Tx, caller: Caller, contactId: number, archived: boolean): Promise<ContactDto> {
  const contact = await getContactOrThrow(tx, caller, contactId);
  if ((contact.archivedAt !== null) === archived) return toContactDto(contact);
  return toContactDto(await tx.contact.update({ where: { id: contactId }, data: { archivedAt: archived ? new Date() : null } }));
}

/** The admin CLI's archive: any contact, by id. */
export async function archiveContact(tx: Tx, id: number) {
  const { count } = await tx.contact.updateMany({ where: { id, archivedAt: null }, data: { archivedAt: new Date() } });
  if (count === 0 && !(await tx.contact.findUnique({ where: { id }, select: { id: true } }))) {
    throw new AppError("not_found", "Contact not found");
  }
}
