/**
 * Where a hosted file's bytes live in storage. Every hosted file (library images, uploaded images,
 * library attachments, fetched PDFs) is an Asset, stored under a key derived from its uuid, so a
 * row that shares the bytes (an Attachment) finds its public uuid from its storage key.
 */
const PREFIX = "assets/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

export const assetStorageKey = (uuid: string) => `${PREFIX}${uuid.toLowerCase()}`;

/** The asset uuid of a storage key made by assetStorageKey; null for any other key. */
export function assetUuidOfStorageKey(key: string): string | null {
  if (!key.startsWith(PREFIX)) return null;
  const uuid = key.slice(PREFIX.length);
  return isUuid(uuid) ? uuid : null;
}
