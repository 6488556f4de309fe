/**
 * Property-based tests of every write endpoint of every service (issue 12, proof 2). For each
 * POST, PATCH, PUT and DELETE that reads a body or a query, fast-check generates requests from the
 * endpoint's own zod schemas (test/fuzz/zod-arbitrary.ts) aimed at the owner's real rows
 * (test/fuzz/targets.ts), and breaks them (test/fuzz/mutations.ts). The properties:
 * - nothing a client sends is answered with a 5xx;
 * - a valid request is answered 2xx, and afterwards the database's invariants hold (siblings'
 *   positions 0..n-1, nothing live under something deleted, one next-version draft per proposal);
 * - an invalid one is answered 400 (413 when too large, 404 for an id that cannot name anything)
 *   in the service's own error shape, and writes nothing: every table is as it was.
 *
 * Runs are few by default (CI); FUZZ_RUNS=<n> runs n valid and 2n invalid requests per endpoint.
 * The seed is fixed (FUZZ_SEED overrides it); a failure prints it with the path to replay it.
 * With RELIABILITY_REPORT_DIR set, the run adds its figures to figures.jsonl there.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { AppError } from "@/lib/api/errors";
import type { Service } from "@/lib/api/service";
import { getDb } from "@/lib/db/client";
import { pdfBytes, gifBytes, pngBytes } from "@/lib/files/test-images";
import type { ApiResponse } from "../api-client";
import { brokenInvariants, fingerprint } from "../fuzz/database-checks";
import { expectedErrorFor, invalidBodies, isStorable, oversized, type ExpectedError } from "../fuzz/mutations";
import { sendOnce } from "../fuzz/send";
import { appFixture, authoringFixture, proposalsFixture, targetOf, type FuzzRequest, type Ids, type ServiceFixture } from "../fuzz/targets";
import { UNICODE_EDGES, text } from "../fuzz/zod-arbitrary";
import { startTestServer, type TestServer } from "../http-server";
import { postMultipart, postRaw, type FormFields } from "../multipart";
import { liftRateLimits, recordFigures } from "../reliability-figures";
import { fillPath, SERVICES } from "../services";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261122;
const HEAVY = Number(process.env.FUZZ_RUNS) || 0;
const VALID_RUNS = HEAVY || 6;
const INVALID_RUNS = HEAVY * 2 || 12;
const params = (numRuns: number): fc.Parameters<unknown> => ({ seed: SEED, numRuns, maxSkipsPerRun: 1000 });

let server: TestServer;
let inputsSent = 0;
let endpointsFuzzed = 0;
let restoreLimits: () => void;

beforeAll(async () => {
  // The fuzzer sends thousands of requests with one key: request budgets are tested elsewhere (rate-limits.test.ts).
  restoreLimits = liftRateLimits();
  server = await startTestServer();
});

afterAll(async () => {
  restoreLimits();
  await server?.close();
  if (inputsSent > 0) recordFigures("fuzzing", { inputs: inputsSent, endpoints: endpointsFuzzed, seed: SEED });
});

// ---- Sending ----------------------------------------------------------------------------------------

const withQuery = (pathname: string, query?: Record<string, string>) =>
  query && Object.keys(query).length ? `${pathname}?${new URLSearchParams(query)}` : pathname;

async function sendJson(
  fixture: ServiceFixture,
  service: Service,
  endpoint: AnyEndpoint,
  ids: Ids,
  query: Record<string, string> | undefined,
  body: string | undefined,
) {
  inputsSent++;
  const headers: Record<string, string> = {
    ...(targetOf(fixture, endpoint).headers ?? { authorization: `Bearer ${fixture.key}` }),
  };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  return sendOnce(`${server.url}${service.basePath}${withQuery(fillPath(endpoint.path, ids), query)}`, {
    method: endpoint.method,
    headers,
    body,
  });
}

const statusLine = (res: ApiResponse) => `${res.status} ${JSON.stringify(res.body)?.slice(0, 600)}`;

/** The answer is `code` as this service maps it, in the service's own error shape. */
function expectServiceError(service: Service, res: ApiResponse, code: ExpectedError | "not_found", label: string) {
  const mapped = service.errorCodes[code];
  expect(res.status, `${label}: ${statusLine(res)}`).toBe(mapped.status);
  const shape = service.errorSchema.safeParse(res.body);
  expect(shape.success, `${label}: not the ${service.name} error shape: ${statusLine(res)}`).toBe(true);
  const anyText = (value: unknown): unknown =>
    typeof value === "string" && value.startsWith("\u0000")
      ? expect.any(String)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, anyText(v)]))
        : value;
  expect(res.body, label).toMatchObject(anyText(service.writeError(new AppError(code, "\u0000message"), mapped.code)) as object);
}

/** Generated urls all end in .example; this guards against ever asking the service to download one. */
function expectNothingToDownload(body: unknown) {
  const text = JSON.stringify(body ?? null);
  expect(text, "a valid body must not make the service fetch from the network").not.toMatch(/"application\/pdf"/);
  for (const image of (body as { images?: { uuid?: string }[] })?.images ?? []) expect(image.uuid?.trim()).toBeTruthy();
}

/** The request passes the endpoint's schemas and holds nothing the readers refuse. */
function isValidRequest(endpoint: AnyEndpoint, request: FuzzRequest): boolean {
  if (endpoint.query && !endpoint.query.safeParse(request.query ?? {}).success) return false;
  if (!isStorable(request.query ?? {})) return false;
  if (request.body === undefined) return !endpoint.body || !!endpoint.bodyOptional;
  return !!endpoint.body && isStorable(request.body) && endpoint.body.safeParse(request.body).success;
}

// ---- Invalid query strings ----------------------------------------------------------------------

const BAD_QUERY_VALUES = [
  "",
  " ",
  "abc",
  "-1",
  "0",
  "1.5",
  "1e3",
  "0x10",
  "2147483648",
  "99999999999999999999",
  "NaN",
  "\u0000",
  "1\u0000",
  "null",
  "[1]",
];

/** A valid query with one field replaced by something a query string can carry but the schema may refuse. */
const invalidQueries = (valid: fc.Arbitrary<FuzzRequest>, endpoint: AnyEndpoint) =>
  valid.chain((request) => {
    const keys = [
      ...new Set([...Object.keys(request.query ?? {}), ...Object.keys((endpoint.query as unknown as { shape?: object }).shape ?? {})]),
    ];
    return fc.tuple(fc.constantFrom(...keys), fc.oneof(fc.constantFrom(...BAD_QUERY_VALUES), text(0, 12))).map(([key, value]) => ({
      label: `query ${key}=${JSON.stringify(value)}`,
      query: { ...request.query, [key]: value },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    }));
  });

/** Path ids of no shape a service uses: refused as "not found" before the body is read. */
const MALFORMED_IDS = [
  "not-an-id",
  "12.5",
  "-1",
  "0",
  "99999999999999999999",
  "1e3",
  "\u0000",
  "00000000-0000-0000-0000-00000000000g",
  "🙂",
];

// ---- The properties ---------------------------------------------------------------------------------

const FIXTURES: Record<string, (server: TestServer, endpoints: AnyEndpoint[]) => Promise<ServiceFixture>> = {
  authoring: authoringFixture,
  proposals: proposalsFixture,
  app: appFixture,
};

/** Invariants of a course tree broken and repaired at the fixture's project and block (both tree services' fixtures have them). */
const brokenTree = (ids: Ids): Record<string, [string, string]> => ({
  "blocks: positions": [
    `UPDATE blocks SET position = position + 100 WHERE id = '${ids.blockId}'`,
    `UPDATE blocks SET position = position - 100 WHERE id = '${ids.blockId}'`,
  ],
  "none live under a deleted projects": [
    `UPDATE projects SET deleted_at = now() WHERE id = '${ids.projectId}'`,
    `UPDATE projects SET deleted_at = NULL WHERE id = '${ids.projectId}'`,
  ],
});

/** Each service's invariants, broken and repaired: what "the checks see each invariant broken" breaks. */
const BROKEN: Record<string, (ids: Ids) => Record<string, [string, string]>> = {
  authoring: brokenTree,
  app: brokenTree,
  proposals: (ids) => ({
    "one next-version draft per source": [
      `UPDATE proposals SET source_id = '${ids.uuid}' WHERE status = 'draft' AND archived_at IS NULL AND source_id IS NULL AND id <> '${ids.uuid}'`,
      `UPDATE proposals SET source_id = NULL WHERE source_id = '${ids.uuid}'`,
    ],
  }),
};

const isWrite = (e: AnyEndpoint) => e.method !== "GET" && (e.body !== undefined || e.query !== undefined);

for (const { service, endpoints } of SERVICES) {
  describe(`[FUZZ] ${service.name}`, () => {
    let fixture: ServiceFixture;
    beforeAll(async () => {
      fixture = await FIXTURES[service.name](server, endpoints);
    });

    it("can aim every write endpoint that reads a body or a query at the owner's resources", () => {
      const writes = endpoints.filter(isWrite);
      expect(writes.length).toBeGreaterThan(0);
      const unaimed = writes.filter(
        (e) => !(e.operationId in fixture.targets) && [...e.path.matchAll(/\{(\w+)\}/g)].some((m) => fixture.ids[m[1]] === undefined),
      );
      expect(
        unaimed.map((e) => `${e.operationId} ${e.path}`),
        "add their path ids to the fixture",
      ).toEqual([]);
      // Written-out targets name endpoints that exist.
      expect(Object.keys(fixture.targets).filter((id) => !writes.some((e) => e.operationId === id))).toEqual([]);
    });

    for (const endpoint of endpoints.filter((e) => isWrite(e) && (e.bodyKind ?? "json") === "json")) {
      const name = `${endpoint.method} ${endpoint.path} (${endpoint.operationId})`;
      const limit = service.bodyLimits.json;

      it(`${name}: valid input is answered 2xx and the database's invariants still hold`, async () => {
        endpointsFuzzed++;
        const target = targetOf(fixture, endpoint);
        await fc.assert(
          fc.asyncProperty(target.valid, async (generated) => {
            const ids = await target.ids(true);
            const request = target.finish ? await target.finish(generated, ids) : generated;
            fc.pre(isValidRequest(endpoint, request));
            expectNothingToDownload(request.body);
            const res = await sendJson(
              fixture,
              service,
              endpoint,
              ids,
              request.query,
              request.body === undefined ? undefined : JSON.stringify(request.body),
            );
            expect(res.status, `${name} ${JSON.stringify(request).slice(0, 800)}: ${statusLine(res)}`).toBeGreaterThanOrEqual(200);
            expect(res.status, `${name} ${JSON.stringify(request).slice(0, 800)}: ${statusLine(res)}`).toBeLessThan(300);
            expect(await brokenInvariants(), `after ${name} ${JSON.stringify(request).slice(0, 800)}`).toEqual([]);
          }),
          params(VALID_RUNS),
        );
      });

      it(`${name}: invalid input is answered 400, 404 or 413 in the ${service.name} error shape and writes nothing`, async () => {
        const target = targetOf(fixture, endpoint);
        type Input = { label: string; query?: Record<string, string>; body?: string; badId?: string };
        const kinds: fc.WeightedArbitrary<Input>[] = [];
        if (endpoint.body) {
          const bodies = target.valid.filter((r) => r.body !== undefined);
          const broken = bodies.chain((r) =>
            invalidBodies(endpoint.body!, fc.constant(r.body)).map((b) => ({ label: b.label, query: r.query, body: b.text })),
          );
          const tooLarge = bodies.map((r) => ({
            query: r.query,
            ...(({ label, text }) => ({ label, body: text }))(oversized(r.body, limit)),
          }));
          // Sending megabytes takes time: one input in a dozen or so is too large.
          kinds.push({ weight: 8, arbitrary: broken }, { weight: 1, arbitrary: tooLarge });
        }
        if (endpoint.query) kinds.push({ weight: 4, arbitrary: invalidQueries(target.valid, endpoint) });
        if (endpoint.path.includes("{")) {
          const badIds = fc.tuple(target.valid, fc.constantFrom(...MALFORMED_IDS)).map(([r, badId]) => ({
            label: `path id ${JSON.stringify(badId)}`,
            query: r.query,
            body: r.body === undefined ? undefined : JSON.stringify(r.body),
            badId,
          }));
          kinds.push({ weight: 2, arbitrary: badIds });
        }
        let last: Record<string, string> | undefined;
        await fc.assert(
          fc.asyncProperty(fc.oneof(...kinds), async (input) => {
            let expected: ExpectedError | "not_found" | null;
            if (input.badId !== undefined) expected = "not_found";
            else if (endpoint.query && !(endpoint.query.safeParse(input.query ?? {}).success && isStorable(input.query ?? {}))) {
              expected = "validation_error";
            } else if (input.body === undefined) expected = null;
            else expected = expectedErrorFor(endpoint.body!, input.body, { limit, bodyOptional: !!endpoint.bodyOptional });
            fc.pre(expected !== null);
            const standing = await target.ids(false);
            const ids = input.badId === undefined ? standing : Object.fromEntries(Object.keys(standing).map((k) => [k, input.badId!]));
            // Nothing is written between two invalid inputs, so one input's "after" is the next one's "before".
            const before = (last ??= await fingerprint());
            const res = await sendJson(fixture, service, endpoint, ids, input.query, input.body);
            expectServiceError(service, res, expected!, `${name} ${input.label}`);
            last = await fingerprint();
            expect(last, `${name} ${input.label} wrote something`).toEqual(before);
          }),
          params(INVALID_RUNS),
        );
      });
    }

    // Multipart uploads: the form's fields are the body the schema reads.
    for (const endpoint of endpoints.filter((e) => isWrite(e) && e.bodyKind === "multipart")) {
      const name = `${endpoint.method} ${endpoint.path} (${endpoint.operationId})`;
      const url = () => `${server.url}${service.basePath}${fillPath(endpoint.path, fixture.ids)}`;
      const isImage = endpoint.operationId === "upload_image";
      // A course archive is the owner's course exported (made once, when first needed).
      const isArchive = endpoint.operationId === "import_course_archive";
      let archive: Uint8Array | undefined;
      const readyArchive = async () => {
        if (!isArchive || archive) return;
        const res = await fetch(`${server.url}${service.basePath}/courses/${fixture.ids.courseId}/export?format=archive`, {
          headers: { authorization: `Bearer ${fixture.key}` },
        });
        expect(res.status).toBe(200);
        archive = new Uint8Array(await res.arrayBuffer());
      };
      const file = () =>
        fc.record({
          bytes: isImage
            ? fc.oneof(
                fc.tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 64 })).map(([w, h]) => pngBytes(w, h)),
                fc.tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 64 })).map(([w, h]) => gifBytes(w, h)),
              )
            : isArchive
              ? fc.constant(archive!)
              : fc.constant(pdfBytes()),
          filename: fc
            .oneof(text(1, 60), fc.constantFrom(...UNICODE_EDGES))
            .map((n) => `${n}${isImage ? ".png" : isArchive ? ".zip" : ".pdf"}`),
        });
      // The fields the form's schema reads: an upload names the company, /verify takes the file alone.
      const takesCompany = "company_id" in ((endpoint.body as unknown as { shape?: object }).shape ?? {});
      const validForm = () =>
        (takesCompany
          ? fc.record(
              { file: file(), company_id: fc.constant(String(fixture.companyId)) },
              { requiredKeys: isImage ? ["file"] : ["file", "company_id"] },
            )
          : fc.record({ file: file() })) as fc.Arbitrary<FormFields>;

      it(`${name}: a valid upload is answered 2xx`, async () => {
        endpointsFuzzed++;
        await readyArchive();
        await fc.assert(
          fc.asyncProperty(validForm(), async (fields) => {
            inputsSent++;
            const res = await postMultipart(url(), fixture.key, fields);
            expect(res.status, `${name}: ${statusLine(res)}`).toBeGreaterThanOrEqual(200);
            expect(res.status, `${name}: ${statusLine(res)}`).toBeLessThan(300);
          }),
          params(VALID_RUNS),
        );
      });

      it(`${name}: an invalid upload is answered 400 or 413 in the ${service.name} error shape and writes nothing`, async () => {
        await readyArchive();
        const badField = fc.oneof(
          fc.constantFrom(...BAD_QUERY_VALUES, "12345678901", "2147483648", " 1 ", "1\u0000", "\ud800"),
          text(0, 20),
        );
        const invalid = fc.oneof(
          validForm().chain((fields) =>
            badField.map((v) => ({ label: `company_id ${JSON.stringify(v)}`, fields: { ...fields, company_id: v } })),
          ),
          validForm().map(({ file: _file, ...rest }) => ({ label: "no file", fields: rest as FormFields })),
          validForm().map((fields) => ({
            label: "an empty file",
            fields: { ...fields, file: { bytes: new Uint8Array(0), filename: "empty.png" } },
          })),
          validForm().map((fields) => ({ label: "the file as text", fields: { ...fields, file: "not a file" } })),
          validForm().chain((fields) =>
            fc
              .constantFrom("unexpected", "title", "k\u0000")
              .map((key) => ({ label: `unknown field ${JSON.stringify(key)}`, fields: { ...fields, [key]: "x" } })),
          ),
          fc.constantFrom(
            { label: "JSON instead of a form", raw: { body: `{"company_id":1}`, type: "application/json" } },
            { label: "a form without its boundary", raw: { body: "--x\r\n", type: "multipart/form-data; boundary=y" } },
            {
              label: "a truncated form",
              raw: {
                body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
                type: "multipart/form-data; boundary=b",
              },
            },
          ),
        );
        let last: Record<string, string> | undefined;
        await fc.assert(
          fc.asyncProperty(invalid, async (input) => {
            if ("fields" in input) {
              const asRead = Object.fromEntries(
                Object.entries(input.fields).map(([k, v]) => [
                  k,
                  typeof v === "string" ? v : new File([new Uint8Array(v.bytes)], v.filename),
                ]),
              );
              fc.pre(
                !(
                  endpoint.body!.safeParse(asRead).success &&
                  isStorable(Object.fromEntries(Object.entries(input.fields).filter(([, v]) => typeof v === "string")))
                ),
              );
            }
            const before = (last ??= await fingerprint());
            inputsSent++;
            const res =
              "fields" in input
                ? await postMultipart(url(), fixture.key, input.fields)
                : await postRaw(url(), fixture.key, input.raw.body, input.raw.type);
            expectServiceError(service, res, "validation_error", `${name} ${input.label}`);
            last = await fingerprint();
            expect(last, `${name} ${input.label} wrote something`).toEqual(before);
          }),
          params(INVALID_RUNS),
        );
      });
    }

    // The checks the properties rely on, shown able to fail: a check that cannot fail proves nothing.
    it("the checks see a write, and see each invariant broken", async () => {
      const db = await getDb();
      const before = await fingerprint();
      const sql = (text: string, ...values: unknown[]) => db.$executeRawUnsafe(text, ...values);
      const broken = BROKEN[service.name](fixture.ids);
      for (const [name, [breakIt, repair]] of Object.entries(broken)) {
        expect(await sql(breakIt), name).toBeGreaterThan(0);
        try {
          expect((await brokenInvariants()).join("\n"), name).toContain(name);
        } finally {
          await sql(repair);
        }
      }
      expect(await brokenInvariants()).toEqual([]);
      expect(await fingerprint(), "the repairs are writes too").not.toEqual(before);
    });

    it("valid writes to several endpoints at once are each answered 2xx and keep the invariants", async () => {
      const jsonWrites = endpoints.filter((e) => isWrite(e) && (e.bodyKind ?? "json") === "json");
      const one = fc
        .constantFrom(...jsonWrites)
        .chain((endpoint) => targetOf(fixture, endpoint).valid.map((generated) => ({ endpoint, generated })));
      await fc.assert(
        fc.asyncProperty(fc.array(one, { minLength: 4, maxLength: 8 }), async (burst) => {
          // Set up one after the other (fresh drafts, items in the trash), then send all at once.
          const ready: { endpoint: AnyEndpoint; ids: Ids; request: FuzzRequest }[] = [];
          for (const { endpoint, generated } of burst) {
            const target = targetOf(fixture, endpoint);
            const ids = await target.ids(true);
            const request = target.finish ? await target.finish(generated, ids) : generated;
            if (!isValidRequest(endpoint, request)) continue;
            expectNothingToDownload(request.body);
            ready.push({ endpoint, ids, request });
          }
          const answers = await Promise.all(
            ready.map(({ endpoint, ids, request }) =>
              sendJson(
                fixture,
                service,
                endpoint,
                ids,
                request.query,
                request.body === undefined ? undefined : JSON.stringify(request.body),
              ),
            ),
          );
          answers.forEach((res, i) => {
            const { endpoint, request } = ready[i];
            const label = `${endpoint.operationId} ${JSON.stringify(request).slice(0, 600)}: ${statusLine(res)}`;
            expect(res.status, label).toBeGreaterThanOrEqual(200);
            expect(res.status, label).toBeLessThan(300);
          });
          expect(await brokenInvariants()).toEqual([]);
        }),
        params(HEAVY ? Math.ceil(HEAVY / 2) : 4),
      );
    });

    it("leaves the database's invariants holding after all of it", async () => {
      expect(await brokenInvariants()).toEqual([]);
    });
  });
}
