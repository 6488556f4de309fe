import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { FETCH_DEADLINE_MS, fetchAll, fetchDeadlineFromEnv } from "./fetch-all";
import { FetchRefused } from "./fetch-url";
import { pdfBytes } from "./test-images";

// A real server on loopback that counts the downloads it is answering at once.

type PdfServer = { origin: string; received: string[]; maxAtOnce: () => number };

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  vi.unstubAllEnvs();
});

/** /slow-N.pdf answers after `delayMs`, /hang.pdf never, /missing.pdf 404, anything else at once. */
async function startPdfServer(delayMs: number): Promise<PdfServer> {
  const received: string[] = [];
  let atOnce = 0;
  let maxAtOnce = 0;
  const server = http.createServer((req, res) => {
    received.push(req.url ?? "");
    atOnce++;
    maxAtOnce = Math.max(maxAtOnce, atOnce);
    res.on("close", () => atOnce--);
    if (req.url === "/hang.pdf") return;
    if (req.url === "/missing.pdf") return void res.writeHead(404).end();
    const answer = () => res.writeHead(200, { "content-type": "application/pdf" }).end(pdfBytes());
    if (req.url?.startsWith("/slow-")) setTimeout(answer, delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, maxAtOnce: () => maxAtOnce };
}

const asName = async (file: { filename: string }) => file.filename;

describe("fetchAll", () => {
  test("[FETCH] eight slow downloads run four at a time, and each file reaches `keep` in the urls' order", async () => {
    const server = await startPdfServer(300);
    const urls = Array.from({ length: 8 }, (_, i) => `${server.origin}/slow-${i}.pdf`);
    const results = await fetchAll(urls, { accept: "pdf", allowPrivate: true }, asName);
    expect(results).toEqual(urls.map((_, i) => `slow-${i}.pdf`));
    expect(server.received).toHaveLength(8);
    expect(server.maxAtOnce()).toBe(4);
  });

  test("[FETCH] a refused download is answered as its refusal in place, and the others still complete", async () => {
    const server = await startPdfServer(0);
    const results = await fetchAll(
      [`${server.origin}/a.pdf`, `${server.origin}/missing.pdf`, `${server.origin}/b.pdf`],
      { accept: "pdf", allowPrivate: true },
      asName,
    );
    expect(results[0]).toBe("a.pdf");
    expect(results[1]).toBeInstanceOf(FetchRefused);
    expect(results[1]).toMatchObject({ reason: "http_status", status: 404 });
    expect(results[2]).toBe("b.pdf");
  });

  test("[FETCH] at the deadline a download still running, and one not started, are refused as past the deadline", async () => {
    const server = await startPdfServer(0);
    const urls = [`${server.origin}/hang.pdf`, `${server.origin}/doc.pdf`, `${server.origin}/later.pdf`];
    const results = await fetchAll(urls, { accept: "pdf", allowPrivate: true, deadlineMs: 300, concurrency: 1 }, asName);
    expect(results.map((r) => (r instanceof FetchRefused ? r.reason : r))).toEqual(["deadline", "deadline", "deadline"]);
    // Only the first was ever requested: the others were never started, one at a time.
    expect(server.received).toEqual(["/hang.pdf"]);
  });

  test("[FETCH] an error in `keep` stops the downloads and is thrown after every `keep` under way has finished", async () => {
    const server = await startPdfServer(200);
    const finished: string[] = [];
    const urls = [`${server.origin}/fail.pdf`, ...Array.from({ length: 5 }, (_, i) => `${server.origin}/slow-${i}.pdf`)];
    const run = fetchAll(urls, { accept: "pdf", allowPrivate: true }, async (file) => {
      if (file.filename === "fail.pdf") throw new Error("storage is down");
      finished.push(file.filename);
      return file.filename;
    });
    await expect(run).rejects.toThrow("storage is down");
    // The slow ones under way were stopped, and the two waiting never started.
    expect(finished).toEqual([]);
    expect(server.received).not.toContain("/slow-3.pdf");
    expect(server.received).not.toContain("/slow-4.pdf");
  });

  test("[FETCH] FETCH_DEADLINE_MS sets the deadline; anything but a positive number keeps 30 s", () => {
    vi.stubEnv("FETCH_DEADLINE_MS", "1500");
    expect(fetchDeadlineFromEnv()).toBe(1500);
    for (const value of [undefined, "", "0", "-5", "soon"]) {
      vi.stubEnv("FETCH_DEADLINE_MS", value);
      expect(fetchDeadlineFromEnv()).toBe(FETCH_DEADLINE_MS);
    }
    expect(FETCH_DEADLINE_MS).toBe(30_000);
  });
});
