import { AppError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";

export type NewUser = { email: string; password: string; name: string };

/** Creates an account with its personal workspace, where it is the only member and admin. */
export async function createUser(db: Db, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new AppError("conflict", "An account with this email already exists");
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name: input.name.trim(), passwordHash } });
      const workspace = await tx.workspace.create({
        data: {
          name: "Personal",
          kind: "personal",
          ownerId: user.id,
          memberships: { create: { userId: user.id, role: "admin" } },
        },
      });
      return { user, workspace };
    });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides.
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("conflict", "An account with this email already exists");
    }
    throw error;
  }
}

export async function getUserByEmailOrThrow(db: Db, email: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  return user;
}
