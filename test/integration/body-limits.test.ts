import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BODY_SIZE = 30 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

/** buffersAtAnswer: the bytes of Buffers and ArrayBuffers this process held when the answer came. */
type Answer = { status: number; body: unknown; sentBeforeAnswer: number; buffersAtAnswer: number };

/**
 * POSTs a 30 MB body in chunks without content-length, as fast as the server takes it, and stops
 * sending when the answer arrives: a server that reads the whole body answers only after it all.
 */
function chunkedPost(path: string, headers: Record<string, string> = {}, size = BODY_SIZE): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked", ...headers },
    });
    req.on("response", (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const buffersAtAnswer = process.memoryUsage().arrayBuffers;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        req.destroy();
        const text = Buffer.concat(parts).toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // The test sees the text.
        }
        resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer, buffersAtAnswer });
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < size) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function expectStoppedEarly(answer: Answer) {
  expect(answer.status).toBe(413);
  // Answered long before the client finished sending: the server stopped reading at the limit.
  expect(answer.sentBeforeAnswer).toBeLessThan(BODY_SIZE / 2);
}

const authoringShape = { error: expect.stringMatching(/larger than/), code: "payload_too_large" };

describe("[LIMITS] a chunked body over the limit is refused while it streams", () => {
  it("sign-up answers 413 before reading 30 MB, and memory does not grow by the body's size", async () => {
    // Open the database and load the route and its refusal first, so only the request itself is
    // measured. The refusal is warmed with an 8 MB body (the limit is 2 MB; a smaller one is all sent
    // before the answer and reset): whatever it allocates and frees could hide at most 8 MB of 30.
    await fetch(`${server.url}/api/account/signup`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect((await chunkedPost("/api/account/signup", {}, 8 * 1024 * 1024)).status).toBe(413);
    // Buffers, counted when the answer arrives: a server that kept the body it read holds it then.
    // (The process's RSS moved by tens of MB either way with the garbage of earlier work, the test
    // client's included, which hid or invented growth.)
    const before = process.memoryUsage().arrayBuffers;
    const answer = await chunkedPost("/api/account/signup");
    const grown = answer.buffersAtAnswer - before;
    await expectStoppedEarly(answer);
    expect(answer.body).toEqual(authoringShape);
    expect(grown).toBeLessThan(15 * 1024 * 1024);
  });

  it("a JSON endpoint of each service answers 413 in its own shape", async () => {
    const { key } = await seedUser();
    const authoring = await chunkedPost("/api/authoring/projects", { authorization: `Bearer ${key}` });
    await expectStoppedEarly(authoring);
    expect(authoring.body).toEqual(authoringShape);
    const proposals = await chunkedPost("/api/proposals/v3/companies", { authorization: `Bearer ${key}` });
    await expectStoppedEarly(proposals);
    expect(proposals.body).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String) } });
  });

  it("the MCP endpoints answer 413 before the transport reads the body", async () => {
    const { key } = await seedUser();
    const headers = { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" };
    const authoring = await chunkedPost("/api/authoring/mcp", headers);
    await expectStoppedEarly(authoring);
    expect(authoring.body).toEqual(authoringShape);
    const proposals = await chunkedPost("/api/proposals/mcp", headers);
    await expectStoppedEarly(proposals);
    expect(proposals.body).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String) } });
  });

  it("next-auth's credentials callback answers 413 above 64 KB before next-auth reads the body", async () => {
    const answer = await chunkedPost("/api/auth/callback/credentials", { "content-type": "application/x-www-form-urlencoded" });
    await expectStoppedEarly(answer);
    expect(answer.body).toEqual({ error: "Request body is larger than 64 KB", code: "payload_too_large" });
  });

  it("a body within the limit still works after the cap: sign-up with a chunked body", async () => {
    const res = await fetch(`${server.url}/api/account/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([
        JSON.stringify({ name: "Chunked", email: `chunked-${Date.now()}@example.test`, password: "a long enough passphrase 1" }),
      ]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(202);
  });
});
