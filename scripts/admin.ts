/**
 * Operator command line: npm run admin -- <command> --flag value
 * Each command prints one JSON object and exits 0, or prints a message and exits 1.
 * It uses the same database as the server (DATABASE_URL, or the embedded one under DATA_DIR).
 */
import { createUser, getUserByEmailOrThrow } from "../lib/accounts/create-user";
import { SignUpRequest } from "../lib/accounts/schemas";
import { AppError } from "../lib/api/errors";
import { createApiKey } from "../lib/api-keys/api-keys";
import { closeDb, getDb, DbUnavailableError, type Db } from "../lib/db/client";
import { listMail } from "../lib/mail/outbox";
import { addCompanyMember, createCompany } from "../lib/proposals/companies/companies";
import { archiveContact, createContact } from "../lib/proposals/contacts/contacts";
import { createRfp } from "../lib/proposals/rfps/rfps";
import { seedDemo } from "../lib/seed/seed-demo";
import { createTeamWorkspace, setWorkspaceMember } from "../lib/workspaces/manage-workspaces";

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

const commands: Record<string, { usage: string; run: (db: Db, flags: Flags) => Promise<unknown> }> = {
  "user:create": {
    usage: "--email E --password P --name N",
    run: async (db, flags) => {
      const parsed = SignUpRequest.safeParse({ email: flags.email, password: flags.password, name: flags.name });
      if (!parsed.success) {
        throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
      }
      const { user, workspace } = await createUser(db, parsed.data, { verified: true });
      return { id: user.id, email: user.email, personal_workspace_id: workspace.id };
    },
  },
  "apikey:create": {
    usage: "--email E --name N",
    run: async (db, flags) => {
      const user = await getUserByEmailOrThrow(db, required(flags, "email"));
      const name = required(flags, "name");
      if (name.length > 200) throw new UsageError("--name has at most 200 characters");
      const key = await createApiKey(db, { userId: user.id, name });
      return { id: key.id, key: key.key, key_prefix: key.key_prefix };
    },
  },
  "workspace:create": {
    usage: "--name N --owner E",
    run: async (db, flags) => {
      const owner = await getUserByEmailOrThrow(db, required(flags, "owner"));
      const workspace = await createTeamWorkspace(db, { name: required(flags, "name"), ownerUserId: owner.id });
      return { id: workspace.id };
    },
  },
  "workspace:add-member": {
    usage: "--workspace ID --email E --role admin|author|learner",
    run: async (db, flags) => {
      const workspaceId = required(flags, "workspace");
      if (!UUID.test(workspaceId)) throw new UsageError("--workspace must be a workspace id (a UUID)");
      const role = oneOf(flags, "role", ["admin", "author", "learner"] as const);
      if (!role) throw new UsageError("--role is required");
      const user = await getUserByEmailOrThrow(db, required(flags, "email"));
      await setWorkspaceMember(db, { workspaceId, userId: user.id, role });
      return { ok: true };
    },
  },
  "company:create": {
    usage: "--name N --owner E [--currency EUR] [--tax-mode standard|simplified|none] [--discount-decimals 0|1|2]",
    run: async (db, flags) => {
      const owner = await getUserByEmailOrThrow(db, required(flags, "owner"));
      const decimals = oneOf(flags, "discount-decimals", ["0", "1", "2"] as const);
      const company = await createCompany(db, {
        name: required(flags, "name"),
        ownerUserId: owner.id,
        currency: flags.currency,
        taxMode: oneOf(flags, "tax-mode", ["standard", "simplified", "none"] as const),
        discountDecimals: decimals === undefined ? undefined : (Number(decimals) as 0 | 1 | 2),
      });
      return { id: company.id };
    },
  },
  "company:add-member": {
    usage: "--company ID --email E [--role owner|member]",
    run: async (db, flags) => {
      const user = await getUserByEmailOrThrow(db, required(flags, "email"));
      const role = oneOf(flags, "role", ["owner", "member"] as const);
      await addCompanyMember(db, { companyId: integer(flags, "company"), userId: user.id, role });
      return { ok: true };
    },
  },
  "contact:create": {
    usage: "--company ID [--first-name F] [--last-name L] [--email E] [--phone P] [--company-name C]",
    run: async (db, flags) => {
      const contact = await createContact(db, {
        companyId: integer(flags, "company"),
        firstName: flags["first-name"],
        lastName: flags["last-name"],
        email: flags.email,
        phone: flags.phone,
        companyName: flags["company-name"],
      });
      return { id: contact.id };
    },
  },
  "contact:archive": {
    usage: "--id ID",
    run: async (db, flags) => {
      await archiveContact(db, integer(flags, "id"));
      return { ok: true };
    },
  },
  "rfp:create": {
    usage: "--company ID [--title T]",
    run: async (db, flags) => {
      const rfp = await createRfp(db, { companyId: integer(flags, "company"), title: flags.title });
      return { id: rfp.id };
    },
  },
  "mail:list": {
    usage: "[--to EMAIL] [--status pending|sending|sent|failed|logged] [--limit 50]",
    run: async (db, flags) => {
      const status = oneOf(flags, "status", ["pending", "sending", "sent", "failed", "logged"] as const);
      const limit = flags.limit === undefined ? undefined : integer(flags, "limit");
      const mails = await listMail(db, { to: flags.to, status, limit });
      return { mails };
    },
  },
  "seed:demo": {
    usage: "",
    run: (db) => seedDemo(db),
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

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === "help" || name === "--help") {
    console.error(help());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${help()}`);
    return 1;
  }
  try {
    const flags = parseFlags(rest);
    const db = await getDb();
    const result = await command.run(db, flags);
    console.log(JSON.stringify(result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`${name}: ${error.message}\nusage: npm run admin -- ${name} ${command.usage}`);
    else if (error instanceof AppError || error instanceof DbUnavailableError) console.error(`${name}: ${error.message}`);
    else console.error(`${name} failed:`, error);
    return 1;
  } finally {
    await closeDb();
  }
}

main().then((code) => process.exit(code));
