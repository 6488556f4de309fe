import { AppError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import type { Db, Tx } from "@/lib/db/client";

export type NewUser = { email: string; password: string; name: string };

/**
 * Creates an account with its personal workspace, where it is the only member and admin. An
 * account made by sign-up is unverified until its owner opens the mailed link; one made by an
 * operator (the admin command line) or by accepting a mailed invitation is verified.
 */
export async function createUser(db: Db, input: NewUser, options: { verified?: boolean } = {}) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new AppError("conflict", "An account with this email already exists");
  try {
    return await db.$transaction((tx) => insertUser(tx, { email, name: input.name, passwordHash }, options));
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides.
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("conflict", "An account with this email already exists");
    }
    throw error;
  }
}

/**
 * The account's rows, in the caller's transaction, with the password already hashed: accepting an
 * invitation by signing up creates the account and joins in one transaction (lib/invitations).
 * A second account with the email fails on the unique index (Prisma's P2002).
 */
export async function insertUser(
  tx: Tx,
  input: { email: string; name: string; passwordHash: string },
  options: { verified?: boolean } = {},
) {
  const user = await tx.user.create({
    data: {
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      passwordHash: input.passwordHash,
      emailVerifiedAt: options.verified ? new Date() : null,
    },
  });
  const workspace = await tx.workspace.create({
    data: {
      name: "Personal",
      kind: "personal",
      ownerId: user.id,
      memberships: { create: { userId: user.id, role: "admin" } },
    },
  });
  return { user, workspace };
}

export async function getUserByEmailOrThrow(db: Db, email: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  return user;
}
