import type { Caller } from "@/lib/api/authenticate";
import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { isActiveMembership } from "../access";
import { createContact } from "../contacts/contacts";
import type { RecipientInput } from "./schemas";

/**
 * The user an email names when they may act for the company: an account, a member of the company,
 * not disabled (proposals-service.md, creator_email and contact_email). Otherwise null.
 */
export async function activeMemberByEmail(tx: Tx, companyId: number, email: string | undefined) {
  if (!email?.trim()) return null;
  const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) return null;
  const member = await tx.companyMember.findUnique({ where: { companyId_userId: { companyId, userId: user.id } } });
  return isActiveMembership(member) ? user : null;
}

/** creator_email attributes a proposal to a member of the company; otherwise the token's user is the creator. */
export async function resolveCreator(tx: Tx, caller: Caller, companyId: number, creatorEmail: string | undefined) {
  return (await activeMemberByEmail(tx, companyId, creatorEmail))?.id ?? caller.userId;
}

/**
 * The recipient a request names: `{id}` must be an active contact of the company (an archived one
 * only when it is already the recipient), else 400 INVALID_RECIPIENT; new fields make a new contact.
 */
export async function resolveRecipient(
  tx: Tx,
  input: { companyId: number; recipient: RecipientInput; currentRecipientId: number | null },
): Promise<number> {
  const { recipient, companyId } = input;
  if (recipient.id !== undefined) {
    const contact = await tx.contact.findFirst({ where: { id: recipient.id, companyId } });
    const usable = contact && (!contact.archivedAt || contact.id === input.currentRecipientId);
    if (!usable) {
      throw new AppError(
        "invalid_recipient",
        contact ? "This contact is archived: choose an active contact or unarchive it" : "The recipient is not a contact of this company",
      );
    }
    return contact.id;
  }
  const contact = await createContact(tx, {
    companyId,
    firstName: recipient.first_name,
    lastName: recipient.last_name,
    email: recipient.email,
    phone: recipient.phone,
    companyName: recipient.company_name,
    sources: recipient.sources,
  });
  return contact.id;
}
