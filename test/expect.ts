/**
 * Assertions the integration tests share: response status and error shapes, timestamps, ids,
 * positions and paging.
 */
import { expect } from "vitest";
import type { Api } from "./factories";

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const anyUuid = () => expect.stringMatching(UUID_RE);
export const anyIso = () => expect.stringMatching(ISO_RE);
/** A well-formed id that names nothing. */
export const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

type Response = { status: number; body: any };

/** Asserts a response status, showing the body when it differs. */
export function expectStatus(res: { status: number; body: unknown }, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

/**
 * Asserts a 400 validation error with well-formed issues. `paths` as a string: one of the issues
 * names it; as a list: the issues name exactly those paths.
 */
export function expectValidation(res: Response, paths?: string | string[]) {
  expectStatus(res, 400);
  expect(res.body.code).toBe("validation_error");
  expect(typeof res.body.error).toBe("string");
  expect(Array.isArray(res.body.details?.issues)).toBe(true);
  expect(res.body.details.issues.length).toBeGreaterThan(0);
  for (const issue of res.body.details.issues) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  const seen = res.body.details.issues.map((i: { path: string }) => i.path);
  if (typeof paths === "string") expect(seen).toContain(paths);
  else if (paths) expect([...seen].sort()).toEqual([...paths].sort());
}

export function expectNotFound(res: Response) {
  expectStatus(res, 404);
  expect(res.body).toEqual({ error: expect.any(String), code: "not_found" });
}

export function expectConflict(res: Response) {
  expectStatus(res, 400);
  expect(res.body.code).toBe("conflict");
  expect(typeof res.body.error).toBe("string");
}

/** Siblings keep positions 0..n-1 in display order, with no gaps and no duplicates. */
export function expectContiguous(items: { position: number }[]) {
  expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i));
}

/** Asserts a timestamp is ISO 8601 and taken during the test (within a minute of now). */
export function expectRecent(value: string) {
  expect(value).toMatch(ISO_RE);
  expect(Math.abs(Date.now() - new Date(value).getTime())).toBeLessThan(60_000);
}

/** Reads every item of a list by walking it with limit=1, checking each page's bookkeeping. */
export async function walkList(api: Api, path: string, key: string) {
  const seen: any[] = [];
  const sep = path.includes("?") ? "&" : "?";
  for (let offset = 0; offset < 100; offset += 1) {
    const res = await api.get(`${path}${sep}limit=1&offset=${offset}`);
    expectStatus(res, 200);
    expect(res.body.limit).toBe(1);
    expect(res.body.offset).toBe(offset);
    expect(res.body[key].length).toBeLessThanOrEqual(1);
    seen.push(...res.body[key]);
    if (!res.body.has_more) return seen;
    expect(res.body[key]).toHaveLength(1);
  }
  throw new Error(`${path}: has_more never became false`);
}

/** The ids of a list walked with limit=1, in the order seen. */
export async function walkIds(api: Api, path: string, key: string): Promise<string[]> {
  return (await walkList(api, path, key)).map((item: { id: string }) => item.id);
}
