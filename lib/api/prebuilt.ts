/**
 * Answers an endpoint builds itself instead of returning an object for the pipeline to check and
 * serialise: JSON text made by the database (the whole-project read, where serialising 10 MB of
 * objects is most of the cost), and "not modified" for a conditional GET. An endpoint returning
 * JsonText must prove in a test that its text equals what its response schema makes of the
 * object path (test/integration/tree-json.test.ts).
 */
export class JsonText {
  constructor(
    /** The JSON, as text or already encoded as UTF-8 (what a cache keeps: sent without encoding again). */
    readonly text: string | Uint8Array<ArrayBuffer>,
    /** A strong entity tag (quoted), when the text is a version of the resource that can be named. */
    readonly etag?: string,
  ) {}
}

/** 304: the client's copy (If-None-Match) is current. */
export class NotModified {
  constructor(readonly etag: string) {}
}

/**
 * A file an endpoint answers instead of JSON (a proposal's PDF): its bytes as they are, its type,
 * and the name a browser saves it under. The endpoint declares the type as `produces`, so the
 * OpenAPI document describes it and no agent tool is made of it.
 */
export class FileAnswer {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
    readonly filename: string,
  ) {}
}

/**
 * A file streamed as it is made (a course package: never whole in memory). Its length is unknown
 * until the end, so it goes out chunked; should making it fail part-way, after the status was sent,
 * the stream errors and the client sees a broken download (a zip without its central directory),
 * never a whole-looking file.
 */
export class FileStream {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly contentType: string,
    readonly filename: string,
  ) {}
}

export type Prebuilt = JsonText | NotModified | FileAnswer | FileStream;

/** The JSON as a string, whichever form it came in. */
export const jsonTextOf = (json: JsonText) => (typeof json.text === "string" ? json.text : Buffer.from(json.text).toString("utf8"));

export const isPrebuilt = (value: unknown): value is Prebuilt =>
  value instanceof JsonText || value instanceof NotModified || value instanceof FileAnswer || value instanceof FileStream;

/** Does an If-None-Match header name this entity tag (or `*`)? Weak tags compare by their opaque part. */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
