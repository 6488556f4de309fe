import { describe, expect, it } from "vitest";
import { z } from "zod";
import { authoringService } from "@/lib/authoring/service";
import { getDb } from "@/lib/db/client";
import { proposalsService } from "@/lib/proposals/service";
import type { Caller } from "./authenticate";
import { defineEndpoint } from "./endpoint";
import { AppError, ERROR_STATUS, type ErrorCode } from "./errors";
import { runEndpoint, type RawInput } from "./run-endpoint";
import { errorCodesOf } from "./service";

const caller: Caller = { userId: "u1", name: "Ann", email: "ann@example.test", via: "api_key", apiKeyId: null, apiKey: null };

/** A tiny endpoint in the proposals style: a resource found first, then a strict body. */
const patchThing = defineEndpoint({
  operationId: "patch_thing",
  method: "PATCH",
  path: "/things/{uuid}",
  tag: "Things",
  summary: "Edit a thing",
  params: z.object({ uuid: z.uuid() }),
  body: z.strictObject({ company_id: z.number().int(), title: z.string().min(1).optional() }),
  response: z.object({ data: z.object({ uuid: z.string(), title: z.string() }) }),
  status: 200,
  errors: ["company_mismatch"],
  load: async ({ params }) => {
    if (params.uuid === UNKNOWN) throw new AppError("not_found", "Thing not found");
    if (params.uuid === NOT_YOURS) throw new AppError("unauthorized", "You may not edit this thing");
    return { uuid: params.uuid, companyId: 7 };
  },
  run: async ({ loaded, body }) => {
    if (body.company_id !== loaded.companyId) throw new AppError("company_mismatch", "company_id does not match");
    return { data: { uuid: loaded.uuid, title: body.title ?? "" } };
  },
});

const UNKNOWN = "00000000-0000-4000-8000-000000000001";
const NOT_YOURS = "00000000-0000-4000-8000-000000000002";
const MINE = "00000000-0000-4000-8000-000000000003";

async function run(uuid: string, body: unknown, service = proposalsService) {
  let bodyRead = false;
  const raw: RawInput = {
    params: { uuid },
    query: {},
    body: async () => {
      bodyRead = true;
      return body;
    },
  };
  const result = await runEndpoint(service, patchThing, raw, { db: await getDb(), caller, requestId: "r1", via: "api" });
  return { ...result, bodyRead };
}

describe("[KERNEL] runEndpoint", () => {
  it("answers unknown id 404, then no access 401, then an invalid body 400, without reading the body before the resource is known", async () => {
    const invalid = { company_id: "seven", extra: 1 };
    const unknown = await run(UNKNOWN, invalid);
    expect(unknown).toMatchObject({ ok: false, status: 404, body: { error: { code: "NOT_FOUND" } }, bodyRead: false });
    const notYours = await run(NOT_YOURS, invalid);
    expect(notYours).toMatchObject({ ok: false, status: 401, body: { error: { code: "UNAUTHORIZED" } }, bodyRead: false });
    const badBody = await run(MINE, invalid);
    expect(badBody).toMatchObject({ ok: false, status: 400, bodyRead: true });
    expect(badBody.body).toEqual({
      error: {
        code: "VALIDATION_ERROR",
        message: expect.any(String),
        issues: [
          { path: "company_id", message: expect.any(String) },
          { path: "extra", message: 'Unknown field "extra"' },
        ],
      },
    });
  });

  it("reports one issue per unknown key, each naming it", async () => {
    const res = await run(MINE, { company_id: 7, colour: "red", size: 2 });
    expect((res.body as { error: { issues: unknown[] } }).error.issues).toEqual([
      { path: "colour", message: 'Unknown field "colour"' },
      { path: "size", message: 'Unknown field "size"' },
    ]);
  });

  it("a malformed path id names nothing: 404", async () => {
    expect(await run("not-a-uuid", { company_id: 7 })).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
  });

  it("runs the domain code with what load found, and answers through the response schema", async () => {
    expect(await run(MINE, { company_id: 7, title: "Hello" })).toMatchObject({
      ok: true,
      status: 200,
      body: { data: { uuid: MINE, title: "Hello" } },
    });
    expect(await run(MINE, { company_id: 8 })).toMatchObject({ status: 400, body: { error: { code: "COMPANY_MISMATCH" } } });
  });

  it("refuses a suggest-only key a write that is no suggestion, 403 forbidden_scope before anything is read; a suggestion runs", async () => {
    const suggestOnly: Caller = { ...caller, suggestOnly: true };
    const input = (uuid: string, onRead: () => void): RawInput => ({
      params: { uuid },
      query: {},
      body: async () => {
        onRead();
        return { company_id: 7, title: "Hello" };
      },
    });
    let bodyRead = false;
    const options = { db: await getDb(), caller: suggestOnly, requestId: "r1", via: "api" as const };
    // An unknown id too: the key's scope is checked before the thing is looked up.
    for (const uuid of [MINE, UNKNOWN, "not-a-uuid"]) {
      const refused = await runEndpoint(
        proposalsService,
        patchThing,
        input(uuid, () => (bodyRead = true)),
        options,
      );
      expect(refused).toMatchObject({ ok: false, status: 403, body: { error: { code: "FORBIDDEN_SCOPE" } } });
    }
    expect(bodyRead).toBe(false);
    const inAuthoring = await runEndpoint(
      authoringService,
      patchThing,
      input(MINE, () => {}),
      options,
    );
    expect(inAuthoring.body).toEqual({
      error: expect.any(String),
      code: "forbidden_scope",
      details: { scope: "suggest", operation: "patch_thing" },
    });
    const suggestion = defineEndpoint({ ...patchThing, isSuggestion: true });
    expect(
      await runEndpoint(
        proposalsService,
        suggestion,
        input(MINE, () => {}),
        options,
      ),
    ).toMatchObject({
      ok: true,
      status: 200,
      body: { data: { uuid: MINE, title: "Hello" } },
    });
    // A full key (or a person) is not refused.
    expect(await run(MINE, { company_id: 7 })).toMatchObject({ ok: true, status: 200 });
  });

  it("writes each service's own error shape for the same failure", async () => {
    const res = await run(UNKNOWN, {}, authoringService);
    expect(res.body).toEqual({ error: "Thing not found", code: "not_found" });
  });

  it("hides what failed inside: a 500 with a request id, in the service's shape", async () => {
    const broken = defineEndpoint({
      ...patchThing,
      load: undefined,
      run: async () => {
        throw new Error("database said: secret");
      },
    });
    const res = await runEndpoint(
      proposalsService,
      broken,
      { params: { uuid: MINE }, query: {}, body: async () => ({ company_id: 7 }) },
      {
        db: await getDb(),
        caller,
        requestId: "req-42",
        via: "api",
      },
    );
    expect(res).toMatchObject({ ok: false, status: 500, body: { error: { code: "INTERNAL_ERROR" } } });
    expect(JSON.stringify(res.body)).toContain("req-42");
    expect(JSON.stringify(res.body)).not.toContain("secret");
  });
});

describe("[KERNEL] services map every internal code", () => {
  const internal = Object.keys(ERROR_STATUS) as ErrorCode[];

  it("the proposals service answers only its own upper-case codes, with a body that is not JSON a VALIDATION_ERROR", () => {
    for (const code of internal) expect(proposalsService.errorCodes[code].code).toMatch(/^[A-Z_]+$/);
    expect(proposalsService.errorCodes.invalid_json).toEqual({ status: 400, code: "VALIDATION_ERROR" });
    expect(proposalsService.errorCodes.forbidden).toEqual({ status: 401, code: "UNAUTHORIZED" });
    expect(proposalsService.errorCodes.not_configured.code).not.toBe("NOT_CONFIGURED");
  });

  it("the course-authoring service answers internal codes as they are, but a stale If-Match as 409 conflict", () => {
    for (const code of internal.filter((c) => c !== "edit_conflict")) {
      expect(authoringService.errorCodes[code]).toEqual({ status: ERROR_STATUS[code], code });
    }
    expect(authoringService.errorCodes.edit_conflict).toEqual({ status: 409, code: "conflict" });
  });

  it("an endpoint's possible errors follow from its shape", () => {
    expect(errorCodesOf(patchThing).sort()).toEqual(
      [
        "company_mismatch",
        "forbidden_scope",
        "invalid_json",
        "not_configured",
        "not_found",
        "payload_too_large",
        "rate_limited",
        "unauthorized",
        "validation_error",
      ].sort(),
    );
    // A suggest-only key may make a suggestion, and reads what its user reads: no forbidden_scope there.
    expect(errorCodesOf(defineEndpoint({ ...patchThing, isSuggestion: true }))).not.toContain("forbidden_scope");
    expect(errorCodesOf(defineEndpoint({ ...patchThing, method: "GET", body: undefined }))).not.toContain("forbidden_scope");
    const publicRead = defineEndpoint({
      ...patchThing,
      path: "/health",
      params: undefined,
      body: undefined,
      load: undefined,
      errors: undefined,
      isPublic: true,
    });
    expect(errorCodesOf(publicRead)).toEqual(["not_configured"]);
  });
});

describe("[KERNEL] a list with a row its schema refuses", () => {
  const listThings = defineEndpoint({
    operationId: "list_things",
    method: "GET",
    path: "/things",
    tag: "Things",
    summary: "List things",
    response: z.object({ data: z.array(z.object({ uuid: z.string(), expires_at: z.number().int().nullable() })) }),
    status: 200,
    run: async () => ({
      data: [
        { uuid: "a", expires_at: 1 },
        { uuid: "broken", expires_at: Number.NaN },
        { uuid: "c", expires_at: null },
      ],
    }),
  });

  it("answers the rest of the list and logs the row left out with the request id, instead of a 500", async () => {
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const raw: RawInput = { params: {}, query: {}, body: async () => undefined };
      const result = await runEndpoint(proposalsService, listThings, raw, { db: await getDb(), caller, requestId: "r-list", via: "api" });
      expect(result).toMatchObject({ ok: true, status: 200, body: { data: [{ uuid: "a" }, { uuid: "c" }] } });
    } finally {
      console.error = original;
    }
    expect(logged).toHaveLength(1);
    expect(String(logged[0][0])).toContain("request r-list: list_things left out data[1]");
  });

  it("still fails a single item that does not match, as a 500 with the request id", async () => {
    const { csv: _listCsv, ...listShape } = listThings;
    const getThing = defineEndpoint({
      ...listShape,
      operationId: "get_thing",
      response: z.object({ data: z.object({ uuid: z.string(), expires_at: z.number().int() }) }),
      run: async () => ({ data: { uuid: "broken", expires_at: Number.NaN } }),
    });
    const original = console.error;
    console.error = () => {};
    try {
      const raw: RawInput = { params: {}, query: {}, body: async () => undefined };
      const result = await runEndpoint(proposalsService, getThing, raw, { db: await getDb(), caller, requestId: "r-one", via: "api" });
      expect(result).toMatchObject({ ok: false, status: 500 });
      expect(JSON.stringify(result.body)).toContain("r-one");
    } finally {
      console.error = original;
    }
  });
});
