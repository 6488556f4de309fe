import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { createStorage, getStorage, storageConfigFromEnv, type Storage, type StorageConfig } from "./storage";
import { pdfBytes, pngBytes } from "./test-images";

// One suite, every driver. The S3 driver talks to a real S3-protocol server (s3rver) on loopback,
// which keeps its objects in a temp dir.

let tempRoot: string;
let s3server: S3rver;
let s3Config: StorageConfig;

beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(tmpdir(), "storage-test-"));
  s3server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(tempRoot, "s3") });
  const { port } = await s3server.run();
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: "course-files" }));
  admin.destroy();
  s3Config = {
    driver: "s3",
    bucket: "course-files",
    prefix: "uploads",
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    ...credentials,
  };
});

afterAll(async () => {
  await s3server?.close();
  await rm(tempRoot, { recursive: true, force: true });
});

const drivers: [string, () => StorageConfig][] = [
  ["disk", () => ({ driver: "disk", root: path.join(tempRoot, "disk") })],
  ["memory", () => ({ driver: "memory" })],
  ["s3", () => s3Config],
];

describe.each(drivers)("storage (%s driver)", (_name, config) => {
  let storage: Storage;
  beforeAll(() => {
    storage = createStorage(config());
  });

  const newKey = () => `images/${randomUUID()}`;

  test("[FILES] a stored file reads back with its bytes, type, name and size", async () => {
    const key = newKey();
    const bytes = pngBytes(3, 2);
    await storage.put(key, bytes, { contentType: "image/png", filename: "Logo – final (2).png" });
    const file = await storage.get(key);
    expect(file?.bytes.equals(bytes)).toBe(true);
    expect(file).toMatchObject({ contentType: "image/png", filename: "Logo – final (2).png", size: bytes.length });
  });

  test("[FILES] a put under an existing key replaces the file", async () => {
    const key = newKey();
    await storage.put(key, pngBytes(1, 1), { contentType: "image/png", filename: "a.png" });
    await storage.put(key, pdfBytes(), { contentType: "application/pdf", filename: "b.pdf" });
    const file = await storage.get(key);
    expect(file?.bytes.equals(pdfBytes())).toBe(true);
    expect(file).toMatchObject({ contentType: "application/pdf", filename: "b.pdf" });
  });

  test("[FILES] a missing key reads as null, and a deleted file is gone", async () => {
    const key = newKey();
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, pdfBytes(), { contentType: "application/pdf", filename: "offer.pdf" });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  test("[FILES] files under different keys do not overwrite each other", async () => {
    const [first, second] = [newKey(), newKey()];
    await storage.put(first, pngBytes(1, 1), { contentType: "image/png", filename: "first.png" });
    await storage.put(second, pngBytes(2, 2), { contentType: "image/png", filename: "second.png" });
    expect((await storage.get(first))?.filename).toBe("first.png");
    expect((await storage.get(second))?.filename).toBe("second.png");
  });

  test.each(["../escape", "images/../../etc/passwd", "/etc/passwd", "a//b", "", "images/..", "a\\b", ".hidden", "a/"])(
    "[FILES] the key %j is refused by put, get and delete",
    async (key) => {
      const meta = { contentType: "image/png", filename: "x.png" };
      await expect(storage.put(key, pngBytes(1, 1), meta)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    },
  );
});

test("[FILES] the S3 driver stores objects under the configured prefix of the bucket", async () => {
  const key = `attachments/${randomUUID()}`;
  await createStorage(s3Config).put(key, pdfBytes(), { contentType: "application/pdf", filename: "offer.pdf" });
  if (s3Config.driver !== "s3") throw new Error("unreachable");
  const client = new S3Client({
    endpoint: s3Config.endpoint,
    region: s3Config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: "course-files", Prefix: "uploads/attachments/" }));
  client.destroy();
  expect(listed.Contents?.map((object) => object.Key)).toEqual([`uploads/${key}`]);
});

describe("storage configuration", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test("[FILES] the disk driver keeps files under the data directory", async () => {
    const dataDir = path.join(tempRoot, "data");
    vi.stubEnv("STORAGE_URL", "");
    vi.stubEnv("DATA_DIR", dataDir);
    const config = storageConfigFromEnv();
    expect(config).toEqual({ driver: "disk", root: path.join(dataDir, "files") });
    await createStorage(config).put("k1", pdfBytes(), { contentType: "application/pdf", filename: "a.pdf" });
    expect(await readdir(path.join(dataDir, "files", "blobs"))).toEqual(["k1"]);
  });

  test("[FILES] DATA_DIR=memory:// keeps files in memory, and STORAGE_URL picks S3 with its settings", () => {
    vi.stubEnv("STORAGE_URL", "");
    vi.stubEnv("DATA_DIR", "memory://");
    expect(storageConfigFromEnv()).toEqual({ driver: "memory" });

    vi.stubEnv("STORAGE_URL", "s3://course-files/tenant-a/uploads/");
    vi.stubEnv("S3_ENDPOINT", "http://minio.internal:9000");
    vi.stubEnv("S3_REGION", "");
    vi.stubEnv("S3_ACCESS_KEY_ID", "AK");
    vi.stubEnv("S3_SECRET_ACCESS_KEY", "SK");
    vi.stubEnv("S3_FORCE_PATH_STYLE", "true");
    expect(storageConfigFromEnv()).toEqual({
      driver: "s3",
      bucket: "course-files",
      prefix: "tenant-a/uploads",
      endpoint: "http://minio.internal:9000",
      region: "us-east-1",
      accessKeyId: "AK",
      secretAccessKey: "SK",
      forcePathStyle: true,
    });
  });

  test.each(["https://bucket.example.com", "s3://", "not a url"])("[FILES] STORAGE_URL=%s is refused", (url) => {
    vi.stubEnv("STORAGE_URL", url);
    expect(() => storageConfigFromEnv()).toThrow(/STORAGE_URL/);
  });

  test("[FILES] getStorage chooses once per process", () => {
    // The test worker's earlier files may have chosen already: start as a fresh process does, and
    // leave the choice as it was for the files after this one.
    const processState = (globalThis as { __appStorage?: { storage?: unknown } }).__appStorage!;
    const before = processState.storage;
    processState.storage = undefined;
    try {
      vi.stubEnv("STORAGE_URL", "");
      vi.stubEnv("DATA_DIR", "memory://");
      const first = getStorage();
      vi.stubEnv("DATA_DIR", path.join(tempRoot, "later"));
      expect(getStorage()).toBe(first);
      expect(first.driver).toBe("memory");
    } finally {
      processState.storage = before;
    }
  });
});
