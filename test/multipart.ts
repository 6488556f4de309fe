/** Multipart uploads for integration tests: real requests through fetch's FormData, or raw bytes. */
import type { ApiResponse } from "./api-client";

export type UploadFile = { bytes: Uint8Array; filename: string; type?: string };
export type FormFields = Record<string, string | UploadFile>;

async function parsed(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, body, headers: response.headers };
}

/** POSTs `fields` as multipart/form-data; a field given as UploadFile is a file part. */
export async function postMultipart(url: string, key: string | undefined, fields: FormFields): Promise<ApiResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.filename);
  }
  return parsed(await fetch(url, { method: "POST", headers: key ? { authorization: `Bearer ${key}` } : {}, body: form }));
}

/** POSTs a body as is with the given content type: for malformed multipart and the like. */
export async function postRaw(url: string, key: string | undefined, body: string | Uint8Array, contentType: string): Promise<ApiResponse> {
  const headers: Record<string, string> = { "content-type": contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) };
  return parsed(await fetch(url, { method: "POST", headers, body: typeof body === "string" ? body : new Uint8Array(body) }));
}
