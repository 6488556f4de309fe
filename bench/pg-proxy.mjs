// A counting TCP proxy in front of PostgreSQL: the app server under a statement count talks to it
// instead of the server. It reads the frontend's side of the wire protocol and counts each
// statement the server is asked to run (an Execute of the extended protocol, or a simple Query),
// remembering its SQL text (from the Parse of the statement its Bind names, or the Query itself).
import net from "node:net";

export async function startCountingProxy({ host = "127.0.0.1", port = 5432 } = {}) {
  const log = [];
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let started = false;
    const prepared = new Map(); // statement name -> SQL text, per connection
    let current = "";
    client.on("data", (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // Startup, SSL or cancel request: no type byte, an int32 length first.
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== 80877103) started = true; // 80877103: SSLRequest, answered "N", then a startup follows
          continue;
        }
        if (buffer.length < 5) break;
        const type = String.fromCharCode(buffer[0]);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const body = buffer.subarray(5, 1 + length);
        if (type === "P") {
          // Parse: statement name (cstring), then the query (cstring)
          const nameEnd = body.indexOf(0);
          prepared.set(
            body.subarray(0, nameEnd).toString("utf8"),
            body.subarray(nameEnd + 1, body.indexOf(0, nameEnd + 1)).toString("utf8"),
          );
        } else if (type === "B") {
          // Bind: portal name (cstring), then the statement's name (cstring): a named statement is parsed once per connection
          const portalEnd = body.indexOf(0);
          current = prepared.get(body.subarray(portalEnd + 1, body.indexOf(0, portalEnd + 1)).toString("utf8")) ?? "?";
        } else if (type === "E") {
          log.push(current);
        } else if (type === "Q") {
          log.push(body.subarray(0, body.length - 1).toString("utf8"));
        }
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: server.address().port,
    /** Statements seen so far; take `mark()` before a request and `since(mark)` after it. */
    mark: () => log.length,
    since: (mark) => log.slice(mark),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
