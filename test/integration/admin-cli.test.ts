import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { requestPasswordReset } from "@/lib/accounts/request-password-reset";
import { digestApiKey } from "@/lib/auth/api-key-secret";
import { verifyPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db/client";
import { deliverDueMail } from "@/lib/mail/worker";
import { runAdmin } from "../../scripts/admin-commands";
import { startSmtpServer } from "../smtp";

// The commands run in this process, on this file's database (PostgreSQL when TEST_DATABASE_URL is
// set, else embedded), as scripts/admin.ts runs them; the last test runs the command line itself,
// as `npm run admin` does (on the embedded database, one under a DATA_DIR of its own).
async function admin(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { db: getDb, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

async function ok(...args: string[]) {
  const result = await admin(...args);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout.split("\n")).toHaveLength(1);
  return JSON.parse(result.stdout);
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await getDb()).$queryRawUnsafe<T[]>(sql, ...params);
}

/** As `npm run admin` runs it: node with tsx's loader, one process (the tsx command starts a second). */
function adminProcess(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], { encoding: "utf8", env, timeout: 60_000 });
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr };
}

const suffix = Date.now().toString(36);
const owner = `owner-${suffix}@example.test`;
const member = `member-${suffix}@example.test`;

describe("[ADMIN CLI] npm run admin", () => {
  it("creates users, keys, workspaces and members, each printing one JSON object", async () => {
    const user = await ok("user:create", "--email", owner, "--password", "tidy-lantern-orbit-1", "--name", "Owner");
    expect(user).toEqual({ id: expect.any(String), email: owner, personal_workspace_id: expect.any(String) });
    const other = await ok("user:create", "--email", member.toUpperCase(), "--password", "tidy-lantern-orbit-2", "--name", "Member");
    expect(other.email).toBe(member);

    const key = await ok("apikey:create", "--email", owner, "--name", "ci");
    expect(key).toEqual({ id: expect.any(String), key: expect.stringMatching(/^cak_/), key_prefix: key.key.slice(0, 12) });
    const [stored] = await query<{ key_hash: string; user_id: string }>(`SELECT key_hash, user_id FROM api_keys WHERE id = $1::uuid`, [
      key.id,
    ]);
    expect(stored).toEqual({ key_hash: digestApiKey(key.key), user_id: user.id });

    const workspace = await ok("workspace:create", "--name", "Academy", "--owner", owner);
    expect(workspace).toEqual({ id: expect.any(String) });
    expect(await ok("workspace:add-member", "--workspace", workspace.id, "--email", member, "--role", "learner")).toEqual({ ok: true });
    expect(await ok("workspace:add-member", "--workspace", workspace.id, "--email", member, "--role", "author")).toEqual({ ok: true });
    const roles = await query<{ user_id: string; role: string }>(
      `SELECT user_id, role::text AS role FROM memberships WHERE workspace_id = $1::uuid ORDER BY role`,
      [workspace.id],
    );
    expect(roles).toEqual([
      { user_id: user.id, role: "admin" },
      { user_id: other.id, role: "author" },
    ]);
  }, 120_000);

  it("creates companies, members, contacts and RFPs", async () => {
    const company = await ok(
      "company:create",
      "--name",
      "Acme",
      "--owner",
      owner,
      "--currency",
      "sek",
      "--tax-mode",
      "simplified",
      "--discount-decimals",
      "2",
    );
    expect(company).toEqual({ id: expect.any(Number) });
    expect(await ok("company:add-member", "--company", String(company.id), "--email", member)).toEqual({ ok: true });
    const contact = await ok(
      "contact:create",
      "--company",
      String(company.id),
      "--first-name",
      "Robin",
      "--email",
      "Robin@Client.test",
      "--company-name",
      "Client AB",
    );
    expect(contact).toEqual({ id: expect.any(Number) });
    expect(await ok("contact:archive", "--id", String(contact.id))).toEqual({ ok: true });
    const rfp = await ok("rfp:create", "--company", String(company.id), "--title", "Onboarding");
    expect(rfp).toEqual({ id: expect.any(Number) });

    const [row] = await query<Record<string, unknown>>(
      `SELECT currency, tax_mode::text AS tax_mode, discount_decimals,
        (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members,
        (SELECT archived_at IS NOT NULL FROM contacts WHERE id = $2) AS archived,
        (SELECT email FROM contacts WHERE id = $2) AS contact_email,
        (SELECT title FROM rfps WHERE id = $3) AS rfp_title
       FROM companies c WHERE id = $1`,
      [company.id, contact.id, rfp.id],
    );
    expect(row).toEqual({
      currency: "SEK",
      tax_mode: "simplified",
      discount_decimals: 2,
      members: 2,
      archived: true,
      contact_email: "robin@client.test",
      rfp_title: "Onboarding",
    });
  }, 120_000);

  it("lists the outbox's mail to one address with its subject and link, and the failed mail with its error", async () => {
    const forgetful = `forgetful-${suffix}@example.test`;
    const bounced = `bounced-${suffix}@example.test`;
    const smtp = await startSmtpServer();
    smtp.refuseWith({ code: 550, message: "No such user here" });
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      // Two people ask for a new password. The first mail is refused for good; the second waits
      // in the outbox (no server runs here to send it).
      const db = await getDb();
      {
        for (const email of [bounced, forgetful]) {
          await createUser(db, { email, password: "tidy-lantern-orbit-3", name: "Forgetful" }, { verified: true });
          await requestPasswordReset(db, email);
          if (email === bounced) await deliverDueMail(db);
        }
      }
    } finally {
      vi.unstubAllEnvs();
      await smtp.close();
    }
    const written = await query<{ id: string; to_address: string; subject: string; link: string; last_error: string | null }>(
      `SELECT id::text AS id, to_address, subject, link, last_error FROM mail_outbox WHERE to_address IN ($1, $2)`,
      [forgetful, bounced],
    );
    const mailTo = (address: string) => written.find((m) => m.to_address === address)!;
    expect(mailTo(forgetful).link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);

    expect(await ok("mail:list", "--to", forgetful.toUpperCase())).toEqual({
      mails: [
        expect.objectContaining({
          id: mailTo(forgetful).id,
          kind: "password_reset",
          toAddress: forgetful,
          subject: mailTo(forgetful).subject,
          link: mailTo(forgetful).link,
          status: "pending",
        }),
      ],
    });
    expect(mailTo(forgetful).subject).toMatch(/password/i);
    // The operator's view of mail that will not arrive (docs/decisions/040).
    expect(await ok("mail:list", "--status", "failed")).toEqual({
      mails: [
        expect.objectContaining({
          id: mailTo(bounced).id,
          toAddress: bounced,
          status: "failed",
          attempts: 1,
          lastError: expect.stringMatching(/550 No such user here/),
        }),
      ],
    });
  }, 180_000);

  it("seeds a demo account that can sign in", async () => {
    const demo = await ok("seed:demo");
    expect(demo.email).toMatch(/@example\.com$/);
    expect(demo.password.length).toBeGreaterThanOrEqual(12);
    const [ws] = await query<{ kind: string }>(`SELECT kind::text AS kind FROM workspaces WHERE id = $1::uuid`, [demo.team_workspace_id]);
    expect(ws.kind).toBe("team");
    const [user] = await query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = $1`, [demo.email]);
    expect(await verifyPassword(user.password_hash, demo.password)).toBe(true);
    const types = await query<{ type: string }>(
      `SELECT DISTINCT b.type FROM blocks b JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id WHERE m.course_id = $1::uuid ORDER BY 1`,
      [demo.course_id],
    );
    expect(types.map((t) => t.type)).toEqual([
      "diagram",
      "example",
      "glossary",
      "image",
      "interactive",
      "question",
      "quiz",
      "scenario",
      "text",
      "video",
      "visual",
    ]);

    // The sales side: a content library with images and prices, and proposals in several states.
    const products = await query<{ price: string; images: number }>(
      `SELECT p.price::text AS price, count(i.asset_id)::int AS images FROM products p LEFT JOIN product_images i ON i.product_id = p.id
       WHERE p.company_id = $1 GROUP BY p.id ORDER BY p.id`,
      [demo.company_id],
    );
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const product of products) {
      expect(Number(product.price)).toBeGreaterThan(0);
      expect(product.images).toBeGreaterThanOrEqual(1);
    }
    const statuses = await query<{ status: string; version: number; series_id: string }>(
      `SELECT status::text AS status, version, series_id::text AS series_id FROM proposals WHERE company_id = $1`,
      [demo.company_id],
    );
    expect(new Set(statuses.map((p) => p.status))).toEqual(new Set(["draft", "template", "active", "accepted", "rejected", "replaced"]));
    const series = statuses.filter((p) => p.series_id === statuses.find((q) => q.status === "replaced")!.series_id);
    expect(series.map((p) => [p.version, p.status]).sort()).toEqual([
      [1, "replaced"],
      [2, "active"],
    ]);
  }, 120_000);

  it("refuses bad input with a clear message, a non-zero exit and nothing on stdout", async () => {
    const cases: [string[], RegExp][] = [
      [["no:such-command"], /Unknown command/],
      [["user:create", "--email", "x@example.test", "--password", "tidy-lantern-orbit-1"], /--name/],
      [["user:create", "--email", owner, "--password", "tidy-lantern-orbit-1", "--name", "Again"], /already exists/],
      [["apikey:create", "--email", "nobody@example.test", "--name", "k"], /No user with email/],
      [["workspace:add-member", "--workspace", "not-a-uuid", "--email", member, "--role", "learner"], /UUID/],
      [
        ["workspace:add-member", "--workspace", "00000000-0000-4000-8000-000000000000", "--email", member, "--role", "owner"],
        /--role must be one of/,
      ],
      [["company:create", "--name", "X", "--owner", owner, "--tax-mode", "vat"], /--tax-mode must be one of/],
      [["contact:create", "--company", "abc"], /whole number/],
      [["contact:archive", "--id", "999999"], /Contact not found/],
      [["rfp:create", "--company", "999999"], /Company not found/],
      [["user:create", "--email"], /needs a value/],
      [["mail:list", "--status", "bounced"], /--status must be one of pending, sending, sent, failed, logged/],
    ];
    for (const [args, message] of cases) {
      const result = await admin(...args);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.stdout, args.join(" ")).toBe("");
      expect(result.stderr, args.join(" ")).toMatch(message);
    }
    const [count] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = 'x@example.test'`);
    expect(count.n).toBe(0);
  });

  it("as a process: one JSON line and exit 0; a message on stderr, exit 1 and nothing on stdout", async () => {
    // On a database of its own: the embedded one under DATA_DIR, or this file's PostgreSQL database.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cli-"));
    try {
      const email = `process-${suffix}@example.test`;
      const created = adminProcess(dataDir, "user:create", "--email", email, "--password", "tidy-lantern-orbit-4", "--name", "Proc");
      expect(created.stderr.replace(/\[db\].*\n/g, "")).toBe("");
      expect(created.code).toBe(0);
      expect(created.stdout.split("\n")).toHaveLength(1);
      expect(JSON.parse(created.stdout)).toMatchObject({ email });
      // Refused by the database (the address is taken), and before it is opened (a usage mistake).
      for (const [args, message] of [
        [["user:create", "--email", email, "--password", "tidy-lantern-orbit-4", "--name", "Again"], /already exists/],
        [["user:create", "--email"], /needs a value/],
      ] as const) {
        const refused = adminProcess(dataDir, ...args);
        expect(refused.code, args.join(" ")).toBe(1);
        expect(refused.stdout, args.join(" ")).toBe("");
        expect(refused.stderr, args.join(" ")).toMatch(message);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
