import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientError, appFetch, authoringFetch, proposalsFetch, toApiError } from "./api";

function answer(status: number, body: string, contentType = "application/json") {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { "content-type": contentType } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function failure(call: Promise<unknown>): Promise<ApiClientError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("[CLIENT] API errors", () => {
  it("reads the course-authoring shape: message, code, issues and details", async () => {
    answer(
      400,
      JSON.stringify({
        error: "Invalid request: title: Too short",
        code: "validation_error",
        details: { issues: [{ path: "title", message: "Too short" }] },
      }),
    );
    const error = await failure(authoringFetch("/courses/x", { method: "PATCH", json: { title: "" } }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("validation_error");
    expect(error.message).toBe("Invalid request: title: Too short");
    expect(error.issues).toEqual([{ path: "title", message: "Too short" }]);
    expect(error.details).toEqual({ issues: [{ path: "title", message: "Too short" }] });
  });

  it("keeps the course-authoring details that are not issues (the parent in the trash)", async () => {
    answer(400, JSON.stringify({ error: "Restore the module first", code: "parent_in_trash", details: { kind: "module", id: "m1" } }));
    const error = await failure(authoringFetch("/projects/p/trash/restore", { method: "POST", json: {} }));
    expect(error.code).toBe("parent_in_trash");
    expect(error.issues).toEqual([]);
    expect(error.details).toEqual({ kind: "module", id: "m1" });
  });

  it("reads the proposals shape instead of showing [object Object]", async () => {
    answer(
      400,
      JSON.stringify({
        error: {
          code: "VALIDATION_ERROR",
          message: "Invalid request",
          issues: [
            { path: "name", message: "Required" },
            { path: "", message: "Unknown key: x" },
          ],
        },
      }),
    );
    const error = await failure(proposalsFetch("/v3/companies", { method: "POST", json: { x: 1 } }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.message).toBe("Invalid request");
    expect(error.message).not.toContain("[object Object]");
    expect(error.issues).toEqual([
      { path: "name", message: "Required" },
      { path: "", message: "Unknown key: x" },
    ]);
  });

  it("reads a proposals error without issues", () => {
    const error = toApiError(404, { error: { code: "NOT_FOUND", message: "Company not found" } });
    expect([error.status, error.code, error.message, error.issues]).toEqual([404, "NOT_FOUND", "Company not found", []]);
  });

  it("answers a non-JSON error (a proxy's HTML page) with the status alone", async () => {
    answer(502, "<html><body>Bad gateway</body></html>", "text/html");
    const error = await failure(appFetch("/learn/courses"));
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe("Request failed (502)");
    expect(error.issues).toEqual([]);
  });

  it("says the server was not reached when the request itself fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await failure(appFetch("/learn/courses"));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Could not reach the server/);
  });

  it("sends JSON bodies to the service's base path and returns the parsed answer", async () => {
    const fetchMock = answer(200, JSON.stringify({ id: "c1" }));
    await expect(authoringFetch("/courses/c1", { method: "PATCH", json: { title: "T" } })).resolves.toEqual({ id: "c1" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/authoring/courses/c1",
      expect.objectContaining({
        method: "PATCH",
        body: JSON.stringify({ title: "T" }),
        // The tab's id rides along, so the server can tell this tab's saves from another's.
        headers: { "content-type": "application/json", "x-edit-session": expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) },
      }),
    );
  });
});
