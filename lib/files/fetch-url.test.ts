import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { FETCH_MAX_BYTES, FetchRefused, fetchUrl, type FetchUrlOptions } from "./fetch-url";
import { pdfBytes, pngBytes, SVG_BYTES } from "./test-images";

// Real servers on loopback. Loopback is exactly what the fetcher refuses by default, so each test
// says how it is let through: allowPrivate, or allowAddress for the first hop only.

type TestServer = { origin: string; port: number; requests: http.IncomingMessage[] };

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  vi.unstubAllEnvs();
});

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  const port = await listen(server);
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { origin: `http://127.0.0.1:${port}`, port, requests };
}

const png = pngBytes(3, 2);

function servePng(res: http.ServerResponse) {
  res.writeHead(200, { "content-type": "image/png", "content-length": png.length });
  res.end(png);
}

const onlyLoopbackV4 = { allowPrivate: false, allowAddress: (address: string) => address === "127.0.0.1" };

async function refusalOf(download: Promise<unknown>): Promise<FetchRefused> {
  const error = await download.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return error as FetchRefused;
}

/** Streams `total` bytes with backpressure; resolves with whether all of them went out. */
function pour(stream: NodeJS.WritableStream, total: number): Promise<boolean> {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let sent = 0;
  return new Promise((resolve) => {
    stream.once("close", () => resolve(sent >= total));
    stream.once("error", () => resolve(false));
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!stream.write(chunk)) return void stream.once("drain", pump);
      }
      stream.end();
    };
    pump();
  });
}

describe("fetchUrl: downloads", () => {
  test("[FETCH] an image is downloaded with its type read from the bytes and its name from the path", async () => {
    const server = await startServer((_req, res) => servePng(res));
    const file = await fetchUrl(`${server.origin}/photos/cat%20pic.png?size=large`, {
      accept: "image",
      allowPrivate: true,
    });
    expect(file.bytes.equals(png)).toBe(true);
    expect(file).toMatchObject({ mimeType: "image/png", filename: "cat pic.png" });
  });

  test("[FETCH] a PDF takes its name from Content-Disposition, and a name without extension gets one", async () => {
    const server = await startServer((req, res) => {
      const disposition = req.url === "/named" ? "attachment; filename*=UTF-8''Quarterly%20report%E2%82%AC.pdf" : "inline";
      res.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": disposition });
      res.end(pdfBytes());
    });
    const named = await fetchUrl(`${server.origin}/named`, { accept: "pdf", allowPrivate: true });
    expect(named).toMatchObject({ mimeType: "application/pdf", filename: "Quarterly report€.pdf" });
    const unnamed = await fetchUrl(`${server.origin}/files/offer`, { accept: "pdf", allowPrivate: true });
    expect(unnamed.filename).toBe("offer.pdf");
  });

  test("[FETCH] ALLOW_PRIVATE_FETCH decides when the caller does not", async () => {
    const server = await startServer((_req, res) => servePng(res));
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "true");
    await expect(fetchUrl(`${server.origin}/a.png`, { accept: "image" })).resolves.toMatchObject({
      mimeType: "image/png",
    });
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "");
    expect((await refusalOf(fetchUrl(`${server.origin}/a.png`, { accept: "image" }))).reason).toBe("private_address");
  });

  test("[FETCH] an error status is refused with the status", async () => {
    const server = await startServer((_req, res) => res.writeHead(404).end("gone"));
    const refusal = await refusalOf(fetchUrl(`${server.origin}/missing.png`, { accept: "image", allowPrivate: true }));
    expect(refusal).toMatchObject({ reason: "http_status", status: 404 });
  });

  test.each(["ftp://example.com/a.png", "file:///etc/passwd", "data:image/png;base64,AAAA", "not a url", "http://"])(
    "[FETCH] %s is refused as a bad URL",
    async (url) => {
      expect((await refusalOf(fetchUrl(url, { accept: "image", allowPrivate: true }))).reason).toBe("bad_url");
    },
  );
});

describe("fetchUrl: addresses", () => {
  test("[FETCH] a loopback address is refused unless allowed, before any request is sent", async () => {
    const server = await startServer((_req, res) => servePng(res));
    const refusal = await refusalOf(fetchUrl(`${server.origin}/a.png`, { accept: "image", allowPrivate: false }));
    expect(refusal.reason).toBe("private_address");
    expect(server.requests).toHaveLength(0);
  });

  test("[FETCH] a DNS name resolving to loopback is refused (localhost)", async () => {
    const server = await startServer((_req, res) => servePng(res));
    const refusal = await refusalOf(fetchUrl(`http://localhost:${server.port}/a.png`, { accept: "image", allowPrivate: false }));
    expect(refusal.reason).toBe("private_address");
    expect(server.requests).toHaveLength(0);
  });

  test("[FETCH] a name is refused when any of its addresses is private", async () => {
    const resolveHost = async () => [
      { address: "93.184.215.14", family: 4 as const },
      { address: "10.0.0.7", family: 4 as const },
    ];
    const refusal = await refusalOf(fetchUrl("http://images.example.test/a.png", { accept: "image", allowPrivate: false, resolveHost }));
    expect(refusal.reason).toBe("private_address");
  });

  test("[FETCH] the connection goes to the vetted address while Host keeps the name", async () => {
    const server = await startServer((_req, res) => servePng(res));
    const resolveHost = vi.fn(async () => [{ address: "127.0.0.1", family: 4 as const }]);
    // images.example.test exists in no DNS: the download can only succeed through the vetted address.
    const file = await fetchUrl(`http://images.example.test:${server.port}/a.png`, {
      accept: "image",
      ...onlyLoopbackV4,
      resolveHost,
    });
    expect(file.mimeType).toBe("image/png");
    expect(resolveHost).toHaveBeenCalledTimes(1);
    expect(server.requests[0].headers.host).toBe(`images.example.test:${server.port}`);
  });

  test("[FETCH] a name that does not resolve is refused", async () => {
    const resolveHost = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const refusal = await refusalOf(fetchUrl("http://nowhere.example.test/a.png", { accept: "image", resolveHost }));
    expect(refusal.reason).toBe("dns_failed");
  });
});

describe("fetchUrl: redirects", () => {
  async function redirectServer() {
    return startServer((req, res) => {
      const hop = /^\/hop\/(\d+)$/.exec(req.url ?? "");
      if (hop && hop[1] !== "0") return res.writeHead(302, { location: `/hop/${Number(hop[1]) - 1}` }).end();
      if (hop) return servePng(res);
      const to = new URL(req.url ?? "/", "http://x").searchParams.get("to");
      if (to) return res.writeHead(301, { location: to }).end();
      res.writeHead(404).end();
    });
  }

  test("[FETCH] up to 3 redirects are followed, a 4th is refused", async () => {
    const server = await redirectServer();
    const file = await fetchUrl(`${server.origin}/hop/3`, { accept: "image", allowPrivate: true });
    expect(file.filename).toBe("0.png");
    const refusal = await refusalOf(fetchUrl(`${server.origin}/hop/4`, { accept: "image", allowPrivate: true }));
    expect(refusal.reason).toBe("too_many_redirects");
    expect(server.requests).toHaveLength(4 + 4);
  });

  test.each([
    ["IPv4-mapped loopback", (port: number) => `http://[::ffff:127.0.0.1]:${port}/hop/0`],
    ["another loopback address", (port: number) => `http://127.0.0.2:${port}/hop/0`],
    ["the metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["the IPv6 metadata address", () => "http://[fd00:ec2::254]/latest/meta-data/"],
    ["a private address", () => "http://10.0.0.1/"],
  ])("[FETCH] a redirect to %s is refused although the first hop was allowed", async (_name, target) => {
    const server = await redirectServer();
    const location = target(server.port);
    const url = `${server.origin}/?to=${encodeURIComponent(location)}`;
    const refusal = await refusalOf(fetchUrl(url, { accept: "image", ...onlyLoopbackV4 }));
    expect(refusal.reason).toBe("private_address");
    expect(refusal.url).toBe(new URL(location).href);
    expect(server.requests).toHaveLength(1);
  });

  test("[FETCH] the same redirect to IPv4-mapped loopback is followed when private addresses are allowed", async () => {
    const server = await redirectServer();
    const url = `${server.origin}/?to=${encodeURIComponent(`http://[::ffff:127.0.0.1]:${server.port}/hop/0`)}`;
    await expect(fetchUrl(url, { accept: "image", allowPrivate: true })).resolves.toMatchObject({
      mimeType: "image/png",
    });
    expect(server.requests).toHaveLength(2);
  });

  test("[FETCH] a redirect to another scheme is refused", async () => {
    const server = await redirectServer();
    const url = `${server.origin}/?to=${encodeURIComponent("file:///etc/passwd")}`;
    expect((await refusalOf(fetchUrl(url, { accept: "image", allowPrivate: true }))).reason).toBe("bad_url");
  });
});

describe("fetchUrl: size", () => {
  const overCap = 21 * 1024 * 1024;

  async function streamingServer(total: number) {
    const delivered: Promise<boolean>[] = [];
    const server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(png);
      delivered.push(pour(res, total));
    });
    return { ...server, delivered };
  }

  test("[FETCH] 21 MB streamed without content-length is refused as too large", async () => {
    const server = await streamingServer(overCap);
    const refusal = await refusalOf(fetchUrl(`${server.origin}/big.png`, { accept: "image", allowPrivate: true }));
    expect(refusal.reason).toBe("too_large");
  });

  test("[FETCH] an endless body is cut off at the cap: the connection is dropped, not read to the end", async () => {
    // Far more than the cap plus what socket buffers hold, so the server can only finish if we read on.
    const server = await streamingServer(512 * 1024 * 1024);
    const refusal = await refusalOf(fetchUrl(`${server.origin}/big.png`, { accept: "image", allowPrivate: true }));
    expect(refusal.reason).toBe("too_large");
    expect(await server.delivered[0]).toBe(false);
  });

  test("[FETCH] a declared length over 20 MB is refused without reading the body", async () => {
    let delivered: Promise<boolean> | undefined;
    const server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "image/png", "content-length": overCap });
      delivered = pour(res, overCap);
    });
    const refusal = await refusalOf(fetchUrl(`${server.origin}/big.png`, { accept: "image", allowPrivate: true }));
    expect(refusal.reason).toBe("too_large");
    expect(await delivered).toBe(false);
  });

  test("[FETCH] a small declared length does not let a 21 MB body through", async () => {
    let delivered: Promise<boolean> | undefined;
    // A raw socket, because Node's HTTP server will not send more than it declares.
    const server = net.createServer((socket) => {
      socket.once("data", () => {
        socket.write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 1000\r\n\r\n");
        delivered = pour(socket, overCap);
      });
    });
    const port = await listen(server);
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const refusal = await refusalOf(fetchUrl(`http://127.0.0.1:${port}/liar.png`, { accept: "image", allowPrivate: true }));
    // The HTTP parser ends the body at the declared 1,000 bytes: what we got is either those bytes
    // (not an image) or the protocol error on what follows. Never the 21 MB.
    expect(["bad_type", "network"]).toContain(refusal.reason);
    expect(await delivered).toBe(false);
  });

  test("[FETCH] the cap is an option, counted on the bytes", async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(png);
    });
    const options: FetchUrlOptions = { accept: "image", allowPrivate: true, maxBytes: png.length - 1 };
    expect((await refusalOf(fetchUrl(`${server.origin}/a.png`, options))).reason).toBe("too_large");
    expect(FETCH_MAX_BYTES).toBe(20 * 1024 * 1024);
  });
});

describe("fetchUrl: type", () => {
  test.each([
    ["HTML served as image/png", "image" as const, Buffer.from("<!doctype html><script>alert(1)</script>"), "image/png"],
    ["an SVG, which can carry scripts", "image" as const, SVG_BYTES, "image/svg+xml"],
    ["a PDF where an image is expected", "image" as const, pdfBytes(), "image/png"],
    ["a PNG where a PDF is expected", "pdf" as const, png, "application/pdf"],
  ])("[FETCH] %s is refused", async (_name, accept, body, contentType) => {
    const server = await startServer((_req, res) => res.writeHead(200, { "content-type": contentType }).end(body));
    expect((await refusalOf(fetchUrl(`${server.origin}/file`, { accept, allowPrivate: true }))).reason).toBe("bad_type");
  });
});

describe("fetchUrl: timeout", () => {
  test("[FETCH] a server that stops sending mid-body times out", async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(png.subarray(0, 10));
    });
    const refusal = await refusalOf(fetchUrl(`${server.origin}/slow.png`, { accept: "image", allowPrivate: true, timeoutMs: 200 }));
    expect(refusal.reason).toBe("timeout");
  });

  test("[FETCH] a server that never answers times out", async () => {
    const server = await startServer(() => {});
    const refusal = await refusalOf(fetchUrl(`${server.origin}/a.png`, { accept: "image", allowPrivate: true, timeoutMs: 200 }));
    expect(refusal.reason).toBe("timeout");
  });

  test("[FETCH] a DNS lookup that never answers times out", async () => {
    const resolveHost = () => new Promise<never>(() => {});
    const refusal = await refusalOf(fetchUrl("http://stuck.example.test/a.png", { accept: "image", resolveHost, timeoutMs: 200 }));
    expect(refusal.reason).toBe("timeout");
  });
});
