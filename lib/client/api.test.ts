import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientError, appApi, authoringApi, formData, proposalsApi, toApiError } from "./api";

function answer(status: number, body: string | null, contentType = "application/json") {
  const fetchMock = vi.fn(async (_request: Request) => new Response(body, { status, headers: { "content-type": contentType } }));
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
    const error = await failure(authoringApi.PATCH("/courses/{courseId}", { params: { path: { courseId: "x" } }, body: { title: "" } }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("validation_error");
    expect(error.message).toBe("Invalid request: title: Too short");
    expect(error.issues).toEqual([{ path: "title", message: "Too short" }]);
    expect(error.details).toEqual({ issues: [{ path: "title", message: "Too short" }] });
  });

  it("keeps the course-authoring details that are not issues (the parent in the trash)", async () => {
    answer(400, JSON.stringify({ error: "Restore the module first", code: "parent_in_trash", details: { kind: "module", id: "m1" } }));
    const error = await failure(
      authoringApi.POST("/projects/{projectId}/trash/restore", {
        params: { path: { projectId: "p" } },
        body: { kind: "lesson", id: "l1" },
      }),
    );
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
    const error = await failure(proposalsApi.POST("/v3/companies", { body: { name: "" } }));
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
    const error = await failure(appApi.GET("/learn/courses"));
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
    const error = await failure(appApi.GET("/learn/courses"));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Could not reach the server/);
  });

  it("sends JSON bodies to the service's base path and returns the parsed answer", async () => {
    const fetchMock = answer(200, JSON.stringify({ id: "c1" }));
    await expect(
      authoringApi.PATCH("/courses/{courseId}", { params: { path: { courseId: "c1" } }, body: { title: "T" } }),
    ).resolves.toEqual({ id: "c1" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe("/api/authoring/courses/c1");
    expect(request.method).toBe("PATCH");
    expect(await request.text()).toBe(JSON.stringify({ title: "T" }));
    // The tab's id rides along, so the server can tell this tab's saves from another's.
    expect(Object.fromEntries(request.headers)).toEqual({
      "content-type": "application/json",
      "x-edit-session": expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
    });
  });

  it("puts each service under its own base path, with the query from params", async () => {
    const fetchMock = answer(200, JSON.stringify({ data: [] }));
    await proposalsApi.GET("/v3/proposals", { params: { query: { company_id: 7, include_archived: "true", q: undefined } } });
    await appApi.GET("/learn/courses");
    await authoringApi.GET("/projects/{projectId}/trash", { params: { path: { projectId: "p 1" }, query: { limit: 50, offset: 0 } } });
    const urls = fetchMock.mock.calls.map(([request]) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
    // An undefined query value is left out; path parameters are encoded.
    expect(urls).toEqual([
      "/api/proposals/v3/proposals?company_id=7&include_archived=true",
      "/api/learn/courses",
      "/api/authoring/projects/p%201/trash?limit=50&offset=0",
    ]);
    // Without a body there is no content type.
    expect(fetchMock.mock.calls.map(([request]) => request.headers.get("content-type"))).toEqual([null, null, null]);
  });

  it("answers undefined for a success without a body (204)", async () => {
    answer(204, null);
    await expect(appApi.DELETE("/learn/lessons/{lessonId}/complete", { params: { path: { lessonId: "l1" } } })).resolves.toBeUndefined();
  });

  it("reads an error without a body as the status alone", async () => {
    answer(404, null);
    const error = await failure(appApi.GET("/learn/courses/{courseId}", { params: { path: { courseId: "c1" } } }));
    expect([error.status, error.code, error.message]).toEqual([404, undefined, "Request failed (404)"]);
  });

  it("sends a multipart body as a form, leaving its content type to the form", async () => {
    const fetchMock = answer(201, JSON.stringify({ attachment: { id: 1 } }));
    const file = new File(["%PDF-1.4"], "terms.pdf", { type: "application/pdf" });
    await expect(
      proposalsApi.POST("/v1/attachments", { body: { file, company_id: "7" }, bodySerializer: formData }).then((r) => r.attachment.id),
    ).resolves.toBe(1);
    const request = fetchMock.mock.calls[0][0];
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get("x-edit-session")).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    const form = await request.formData();
    expect([...form.keys()]).toEqual(["file", "company_id"]);
    expect((form.get("file") as File).name).toBe("terms.pdf");
    expect(form.get("company_id")).toBe("7");
  });
});
