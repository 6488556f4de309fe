import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { assetStorageKey } from "@/lib/files/asset-keys";
import { cleanFilename } from "@/lib/files/fetch-url";
import { getStorage } from "@/lib/files/storage";
import type { Asset as AssetRow } from "@/lib/generated/prisma/client";
import { assetUrl } from "../common-schemas";
import type { AssetDto } from "./schemas";

/** Bytes whose type (and, for images, pixel size) were read from the bytes themselves. */
export type VerifiedFile = { bytes: Uint8Array; filename: string; mimeType: string; width?: number | null; height?: number | null };

/** A file in storage, not yet recorded: its Asset row is written in the request's transaction. */
export type StoredAsset = {
  uuid: string;
  storageKey: string;
  filename: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
};

/**
 * Puts a file in storage under a new uuid. Called before the transaction that records it, so no
 * transaction waits on storage. A dry run stores nothing. A request stores through
 * `withRequestFiles`, which removes the file again should the request fail.
 */
export async function storeFile(file: VerifiedFile, { dryRun = false }: { dryRun?: boolean } = {}): Promise<StoredAsset> {
  const uuid = randomUUID();
  const storageKey = assetStorageKey(uuid);
  if (!dryRun) await getStorage().put(storageKey, file.bytes, { contentType: file.mimeType, filename: file.filename });
  return {
    uuid,
    storageKey,
    filename: file.filename,
    mimeType: file.mimeType,
    size: file.bytes.byteLength,
    width: file.width ?? null,
    height: file.height ?? null,
  };
}

/** Stores files for one request (see `withRequestFiles`). */
export type RequestFiles = { store(file: VerifiedFile): Promise<StoredAsset> };

/**
 * Runs a request that stores files before its write records them (uploads, downloads). Should the
 * request fail at any step after storing (another download refused, a validation error, the
 * transaction), the files it stored are deleted again: nothing stays in storage that no row names.
 */
export async function withRequestFiles<T>({ dryRun = false }: { dryRun?: boolean }, run: (files: RequestFiles) => Promise<T>): Promise<T> {
  const stored: StoredAsset[] = [];
  const files: RequestFiles = {
    async store(file) {
      const asset = await storeFile(file, { dryRun });
      if (!dryRun) stored.push(asset);
      return asset;
    },
  };
  try {
    return await run(files);
  } catch (error) {
    await deleteStoredFiles(stored);
    throw error;
  }
}

/** Best effort: a file that cannot be deleted now is logged, and the request's own error is what its caller sees. */
async function deleteStoredFiles(stored: readonly StoredAsset[]) {
  const storage = getStorage();
  await Promise.all(
    stored.map((asset) =>
      storage.delete(asset.storageKey).catch((error: unknown) => console.error("[files] could not delete", asset.storageKey, error)),
    ),
  );
}

export function recordAsset(tx: Tx, stored: StoredAsset, owner: { companyId: number | null; uploadedBy: string }) {
  return tx.asset.create({
    data: {
      uuid: stored.uuid,
      companyId: owner.companyId,
      uploadedBy: owner.uploadedBy,
      filename: stored.filename,
      mimeType: stored.mimeType,
      size: stored.size,
      width: stored.width,
      height: stored.height,
      storageKey: stored.storageKey,
    },
  });
}

export function toAssetDto(row: AssetRow): AssetDto {
  return {
    id: row.id,
    uuid: row.uuid,
    url: assetUrl(row.uuid),
    filename: row.filename,
    mime_type: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/** A stored name: the client's, without directories or control characters, else a default. */
export function safeFilename(name: string | undefined | null, fallback: string): string {
  return (name && cleanFilename(name)) || fallback;
}
