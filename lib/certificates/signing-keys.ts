import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Db, Tx } from "@/lib/db/client";

/**
 * The instance's keys for signing credentials (issue 43, docs/decisions/070): Ed25519 ("EdDSA"),
 * made on first use. The newest key not retired signs; every key not retired is published at
 * /.well-known/jwks.json, so rotating (`npm run admin -- keys:rotate`) keeps the credentials signed
 * before verifiable, until an operator retires the old key (`keys:retire --kid KID`).
 */

export const SIGNING_ALG = "EdDSA";

export type PublicKey = JWK & { kid: string };

async function newKey(tx: Tx | Db) {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { crv: "Ed25519", extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  const withKid = { ...publicJwk, kid, alg: SIGNING_ALG, use: "sig" };
  await tx.signingKey.create({ data: { kid, publicJwk: withKid, privateJwk: { ...privateJwk, kid, alg: SIGNING_ALG } } });
  return kid;
}

/** The key that signs now: the newest not retired, made if there is none. Two instances at once may each make one; both are valid. */
export async function currentSigningKey(db: Db | Tx) {
  let row = await db.signingKey.findFirst({ where: { retiredAt: null }, orderBy: [{ createdAt: "desc" }, { kid: "asc" }] });
  if (!row) {
    await newKey(db);
    row = await db.signingKey.findFirstOrThrow({ where: { retiredAt: null }, orderBy: [{ createdAt: "desc" }, { kid: "asc" }] });
  }
  return { kid: row.kid, key: await importJWK(row.privateJwk as JWK, SIGNING_ALG) };
}

/** The public keys not retired: what /.well-known/jwks.json lists and what verification trusts. */
export async function publishedKeys(db: Db | Tx): Promise<PublicKey[]> {
  const rows = await db.signingKey.findMany({ where: { retiredAt: null }, orderBy: [{ createdAt: "asc" }, { kid: "asc" }] });
  return rows.map((r) => r.publicJwk as PublicKey);
}

/** A new key that signs from now on; the older ones stay published. Answers its kid. */
export const rotateSigningKey = (db: Db) => newKey(db);

/** Stops publishing a key: what it signed no longer verifies. Answers whether a published key was retired. */
export async function retireSigningKey(db: Db, kid: string): Promise<boolean> {
  const { count } = await db.signingKey.updateMany({ where: { kid, retiredAt: null }, data: { retiredAt: new Date() } });
  return count === 1;
}

/** Every key, newest first: its kid, when it was made and retired, and whether it signs now. */
export async function listSigningKeys(db: Db) {
  const rows = await db.signingKey.findMany({
    orderBy: [{ createdAt: "desc" }, { kid: "asc" }],
    select: { kid: true, createdAt: true, retiredAt: true },
  });
  const signing = rows.find((r) => r.retiredAt === null)?.kid;
  return rows.map((r) => ({
    kid: r.kid,
    created_at: r.createdAt.toISOString(),
    retired_at: r.retiredAt?.toISOString() ?? null,
    signs: r.kid === signing,
  }));
}
