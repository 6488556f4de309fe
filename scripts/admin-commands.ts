/**
 * The operator command line's commands (scripts/admin.ts runs them: npm run admin -- <command>
 * --flag value). Each prints one JSON object and answers 0, or prints a message and answers 1.
 */
// Each command imports its own modules when it runs (the demo seed alone pulls in most of lib):
// a command pays for what it uses, not for every command's (Command, below).
import { AppError } from "../lib/api/errors";
import { DbUnavailableError, type Db } from "../lib/db/client";

class UsageError extends Error {}

type Flags = Record<string, string>;

function parseFlags(args: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) throw new UsageError(`Unexpected argument "${arg}"`);
    const eq = arg.indexOf("=");
    if (eq > 0) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || value.startsWith("--")) throw new UsageError(`${arg} needs a value`);
    flags[arg.slice(2)] = value;
    i++;
  }
  return flags;
}

function required(flags: Flags, name: string): string {
  const value = flags[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function integer(flags: Flags, name: string): number {
  const raw = required(flags, name);
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}

function oneOf<T extends string>(flags: Flags, name: string, allowed: readonly T[], fallback?: T): T | undefined {
  const value = flags[name];
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw new UsageError(`--${name} must be one of ${allowed.join(", ")}`);
  return value as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A command checks its flags and imports its modules before the database is opened, and answers
 * the function that does its work on it: a usage mistake is answered without opening the database
 * (which takes seconds on the embedded one, and fails while the server holds it).
 */
type Command = { usage: string; prepare: (flags: Flags) => Promise<(db: Db) => Promise<unknown>> };

const commands: Record<string, Command> = {
  "user:create": {
    usage: "--email E --password P --name N",
    prepare: async (flags) => {
      const { SignUpRequest } = await import("../lib/accounts/schemas");
      const parsed = SignUpRequest.safeParse({ email: flags.email, password: flags.password, name: flags.name });
      if (!parsed.success) {
        throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
      }
      const { createUser } = await import("../lib/accounts/create-user");
      return async (db) => {
        const { user, workspace } = await createUser(db, parsed.data, { verified: true });
        return { id: user.id, email: user.email, personal_workspace_id: workspace.id };
      };
    },
  },
  "apikey:create": {
    usage: "--email E --name N",
    prepare: async (flags) => {
      const email = required(flags, "email");
      const name = required(flags, "name");
      if (name.length > 200) throw new UsageError("--name has at most 200 characters");
      const { getUserByEmailOrThrow } = await import("../lib/accounts/create-user");
      const { createApiKey } = await import("../lib/api-keys/api-keys");
      return async (db) => {
        const user = await getUserByEmailOrThrow(db, email);
        const key = await createApiKey(db, { userId: user.id, name });
        return { id: key.id, key: key.key, key_prefix: key.key_prefix };
      };
    },
  },
  "workspace:create": {
    usage: "--name N --owner E",
    prepare: async (flags) => {
      const ownerEmail = required(flags, "owner");
      const name = required(flags, "name");
      const { getUserByEmailOrThrow } = await import("../lib/accounts/create-user");
      const { createTeamWorkspace } = await import("../lib/workspaces/manage-workspaces");
      return async (db) => {
        const owner = await getUserByEmailOrThrow(db, ownerEmail);
        const workspace = await createTeamWorkspace(db, { name, ownerUserId: owner.id });
        return { id: workspace.id };
      };
    },
  },
  "workspace:add-member": {
    usage: "--workspace ID --email E --role admin|author|learner",
    prepare: async (flags) => {
      const workspaceId = required(flags, "workspace");
      if (!UUID.test(workspaceId)) throw new UsageError("--workspace must be a workspace id (a UUID)");
      const role = oneOf(flags, "role", ["admin", "author", "learner"] as const);
      if (!role) throw new UsageError("--role is required");
      const email = required(flags, "email");
      const { getUserByEmailOrThrow } = await import("../lib/accounts/create-user");
      const { setWorkspaceMember } = await import("../lib/workspaces/manage-workspaces");
      return async (db) => {
        const user = await getUserByEmailOrThrow(db, email);
        await setWorkspaceMember(db, { workspaceId, userId: user.id, role });
        return { ok: true };
      };
    },
  },
  "company:create": {
    usage: "--name N --owner E [--currency EUR] [--tax-mode standard|simplified|none] [--discount-decimals 0|1|2]",
    prepare: async (flags) => {
      const ownerEmail = required(flags, "owner");
      const name = required(flags, "name");
      const decimals = oneOf(flags, "discount-decimals", ["0", "1", "2"] as const);
      const taxMode = oneOf(flags, "tax-mode", ["standard", "simplified", "none"] as const);
      const { getUserByEmailOrThrow } = await import("../lib/accounts/create-user");
      const { createCompany } = await import("../lib/proposals/companies/companies");
      return async (db) => {
        const owner = await getUserByEmailOrThrow(db, ownerEmail);
        const company = await createCompany(db, {
          name,
          ownerUserId: owner.id,
          currency: flags.currency,
          taxMode,
          discountDecimals: decimals === undefined ? undefined : (Number(decimals) as 0 | 1 | 2),
        });
        return { id: company.id };
      };
    },
  },
  "company:add-member": {
    usage: "--company ID --email E [--role owner|member]",
    prepare: async (flags) => {
      const email = required(flags, "email");
      const role = oneOf(flags, "role", ["owner", "member"] as const);
      const companyId = integer(flags, "company");
      const { getUserByEmailOrThrow } = await import("../lib/accounts/create-user");
      const { addCompanyMember } = await import("../lib/proposals/companies/companies");
      return async (db) => {
        const user = await getUserByEmailOrThrow(db, email);
        await addCompanyMember(db, { companyId, userId: user.id, role });
        return { ok: true };
      };
    },
  },
  "contact:create": {
    usage: "--company ID [--first-name F] [--last-name L] [--email E] [--phone P] [--company-name C]",
    prepare: async (flags) => {
      const companyId = integer(flags, "company");
      const { createContact } = await import("../lib/proposals/contacts/contacts");
      return async (db) => {
        const contact = await createContact(db, {
          companyId,
          firstName: flags["first-name"],
          lastName: flags["last-name"],
          email: flags.email,
          phone: flags.phone,
          companyName: flags["company-name"],
        });
        return { id: contact.id };
      };
    },
  },
  "contact:archive": {
    usage: "--id ID",
    prepare: async (flags) => {
      const id = integer(flags, "id");
      const { archiveContact } = await import("../lib/proposals/contacts/contacts");
      return async (db) => {
        await archiveContact(db, id);
        return { ok: true };
      };
    },
  },
  "rfp:create": {
    usage: "--company ID [--title T]",
    prepare: async (flags) => {
      const companyId = integer(flags, "company");
      const { createRfp } = await import("../lib/proposals/rfps/rfps");
      return async (db) => {
        const rfp = await createRfp(db, { companyId, title: flags.title });
        return { id: rfp.id };
      };
    },
  },
  "mail:list": {
    usage: "[--to EMAIL] [--status pending|sending|sent|failed|logged] [--limit 50]",
    prepare: async (flags) => {
      const status = oneOf(flags, "status", ["pending", "sending", "sent", "failed", "logged"] as const);
      const limit = flags.limit === undefined ? undefined : integer(flags, "limit");
      const { listMail } = await import("../lib/mail/outbox");
      return async (db) => ({ mails: await listMail(db, { to: flags.to, status, limit }) });
    },
  },
  // The keys that sign certificates' credentials (docs/decisions/070): the newest signs, all not retired are published.
  "keys:list": {
    usage: "",
    prepare: async () => {
      const { listSigningKeys } = await import("../lib/certificates/signing-keys");
      return async (db) => ({ keys: await listSigningKeys(db) });
    },
  },
  "keys:rotate": {
    usage: "",
    prepare: async () => {
      const { rotateSigningKey } = await import("../lib/certificates/signing-keys");
      return async (db) => ({ kid: await rotateSigningKey(db) });
    },
  },
  "keys:retire": {
    usage: "--kid KID",
    prepare: async (flags) => {
      const kid = required(flags, "kid");
      const { retireSigningKey } = await import("../lib/certificates/signing-keys");
      return async (db) => {
        if (!(await retireSigningKey(db, kid)))
          throw new AppError("not_found", `No published key has the kid ${kid} (keys:list shows them)`);
        return { kid, retired: true };
      };
    },
  },
  "seed:demo": {
    usage: "",
    prepare: async () => {
      const { seedDemo } = await import("../lib/seed/seed-demo");
      return (db) => seedDemo(db);
    },
  },
};

function help(): string {
  return [
    "usage: npm run admin -- <command> [--flag value ...]",
    "",
    ...Object.entries(commands).map(([name, c]) => `  ${name} ${c.usage}`),
    "",
    "On the embedded database, stop the server first: only one process may open it.",
  ].join("\n");
}

/** Where a run of a command prints, and the database it works on (opened only once its flags are right). */
export type AdminIo = { db: () => Promise<Db>; out: (line: string) => void; err: (line: string) => void };

/** Runs one command line (`argv` without node and the script) and answers its exit code. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help") {
    io.err(help());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${help()}`);
    return 1;
  }
  try {
    const run = await command.prepare(parseFlags(rest));
    const result = await run(await io.db());
    io.out(JSON.stringify(result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(`${name}: ${error.message}\nusage: npm run admin -- ${name} ${command.usage}`);
    else if (error instanceof AppError || error instanceof DbUnavailableError) io.err(`${name}: ${error.message}`);
    else io.err(`${name} failed: ${(error as Error)?.stack ?? String(error)}`);
    return 1;
  }
}
