import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/api/errors";

export type NewContact = {
  companyId: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  companyName?: string;
};

export async function createContact(db: Tx, input: NewContact) {
  const company = await db.company.findUnique({ where: { id: input.companyId } });
  if (!company) throw new AppError("not_found", "Company not found");
  return db.contact.create({
    data: {
      companyId: input.companyId,
      firstName: input.firstName?.trim() ?? "",
      lastName: input.lastName?.trim() ?? "",
      email: input.email?.trim().toLowerCase() ?? "",
      phone: input.phone?.trim() ?? "",
      companyName: input.companyName?.trim() ?? "",
    },
  });
}

/** Archived contacts stay on the proposals that name them but cannot become new recipients. */
export async function archiveContact(db: Tx, id: number) {
  const { count } = await db.contact.updateMany({ where: { id }, data: { archivedAt: new Date() } });
  if (count === 0) throw new AppError("not_found", "Contact not found");
}
