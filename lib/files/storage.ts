import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { dataDir, env, isMemoryDataDir } from "@/lib/env";

/**
 * Where hosted images and PDFs live. Files are at most 20 MB (the upload and download cap), so
 * `get` returns the bytes rather than a stream. Keys come from the caller (uuid-based, may have
 * `/`-separated prefixes); anything that could climb out of the storage root is refused.
 */

export type StoredFileMeta = { contentType: string; filename: string };
export type StoredFile = StoredFileMeta & { bytes: Buffer; size: number };

export type Storage = {
  readonly driver: "disk" | "memory" | "s3";
  put(key: string, bytes: Uint8Array, meta: StoredFileMeta): Promise<void>;
  /** Null when there is no file under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
};

export type S3Config = {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

export type StorageConfig = { driver: "disk"; root: string } | { driver: "memory" } | ({ driver: "s3" } & S3Config);

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Throws unless `key` is one or more `/`-separated safe segments (no `..`, no absolute path). */
export function assertStorageKey(key: string): void {
  const segments = key.split("/");
  const isSafe = key.length <= 512 && segments.every((segment) => KEY_SEGMENT.test(segment) && !segment.includes(".."));
  if (!isSafe) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

// ---------------------------------------------------------------------------------------------
// Configuration

/**
 * STORAGE_URL=s3://bucket[/prefix] selects S3; unset, files go under `<DATA_DIR>/files`, or stay in
 * memory when DATA_DIR=memory:// (that setting promises nothing on disk, and dies with the process
 * like the embedded database it goes with).
 */
export function storageConfigFromEnv(): StorageConfig {
  const url = env("STORAGE_URL");
  if (url) return s3ConfigFromUrl(url);
  if (isMemoryDataDir()) return { driver: "memory" };
  return { driver: "disk", root: path.join(dataDir(), "files") };
}

function s3ConfigFromUrl(raw: string): StorageConfig {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url?.protocol !== "s3:" || !url.hostname) {
    throw new Error("STORAGE_URL must look like s3://bucket or s3://bucket/prefix");
  }
  return {
    driver: "s3",
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ""),
    endpoint: env("S3_ENDPOINT"),
    region: env("S3_REGION"),
    accessKeyId: env("S3_ACCESS_KEY_ID"),
    secretAccessKey: env("S3_SECRET_ACCESS_KEY"),
    forcePathStyle: env("S3_FORCE_PATH_STYLE"),
  };
}

export function createStorage(config: StorageConfig): Storage {
  if (config.driver === "s3") return s3Storage(config);
  if (config.driver === "disk") return diskStorage(config.root);
  return memoryStorage();
}

// Kept on globalThis so Next's dev reloads and route bundles share one driver (and one memory map).
const state = ((globalThis as { __appStorage?: { storage?: Storage } }).__appStorage ??= {});

/** The process's storage, chosen from the environment on first use. */
export function getStorage(): Storage {
  return (state.storage ??= createStorage(storageConfigFromEnv()));
}

// ---------------------------------------------------------------------------------------------
// Local disk: the bytes at <root>/blobs/<key>, name and type beside them in <root>/meta/<key>.json.

function diskStorage(root: string): Storage {
  const blobPath = (key: string) => path.join(root, "blobs", key);
  const metaPath = (key: string) => path.join(root, "meta", `${key}.json`);
  return {
    driver: "disk",
    async put(key, bytes, meta) {
      assertStorageKey(key);
      await writeAtomically(blobPath(key), bytes);
      await writeAtomically(metaPath(key), JSON.stringify(meta));
    },
    async get(key) {
      assertStorageKey(key);
      const [bytes, meta] = await Promise.all([readIfExists(blobPath(key)), readIfExists(metaPath(key))]);
      if (!bytes || !meta) return null;
      return { ...(JSON.parse(meta.toString("utf8")) as StoredFileMeta), bytes, size: bytes.length };
    },
    async delete(key) {
      assertStorageKey(key);
      // Metadata first: a file without it reads as missing, so a crash in between leaves no half file.
      await rm(metaPath(key), { force: true });
      await rm(blobPath(key), { force: true });
    },
  };
}

// A reader never sees a half-written file: write beside it, then rename over it.
async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Memory

function memoryStorage(): Storage {
  const files = new Map<string, StoredFile>();
  return {
    driver: "memory",
    async put(key, bytes, meta) {
      assertStorageKey(key);
      const copy = Buffer.from(bytes);
      files.set(key, { ...meta, bytes: copy, size: copy.length });
    },
    async get(key) {
      assertStorageKey(key);
      const file = files.get(key);
      return file ? { ...file, bytes: Buffer.from(file.bytes) } : null;
    },
    async delete(key) {
      assertStorageKey(key);
      files.delete(key);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// S3 and compatible servers (MinIO, R2, ...)

function s3Storage(config: S3Config): Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Unset means the SDK's usual chain (environment, profile, instance role).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Many S3-compatible servers reject the checksum headers newer SDKs send by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return config.prefix ? `${config.prefix}/${key}` : key;
  };
  return {
    driver: "s3",
    async put(key, bytes, meta) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: meta.contentType,
          // Object metadata travels as HTTP headers, which must be ASCII.
          Metadata: { filename: encodeURIComponent(meta.filename) },
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        const filename = decodeURIComponent(object.Metadata?.filename ?? key.split("/").pop()!);
        return { bytes, size: bytes.length, contentType: object.ContentType ?? "application/octet-stream", filename };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}

function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
}
