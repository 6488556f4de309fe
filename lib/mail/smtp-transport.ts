import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";

/** Connection, greeting and answer timeouts: a mail is handed over well within its lease. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type Endpoint = { host?: string; port?: number; secure?: boolean };
type SocketCallback = (error: Error | null, socket?: { connection: net.Socket }) => void;

/**
 * A connection to the SMTP server with Nagle's algorithm off. A mail's last segment (the end of its
 * body) is a small write after the headers; with Nagle on it waited for the server's delayed ACK,
 * 40 ms per mail on Linux, longer than the rest of the exchange on a local relay.
 */
function connectWithoutDelay(options: Endpoint, callback: SocketCallback) {
  // nodemailer's defaults for a URL without them.
  const socket = net.connect({ host: options.host || "localhost", port: options.port || (options.secure ? 465 : 587), noDelay: true });
  const fail = (error: Error) => {
    socket.destroy();
    callback(error);
  };
  socket.setTimeout(TIMEOUTS.connectionTimeout, () => fail(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })));
  socket.once("error", fail);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.removeListener("error", fail);
    callback(null, { connection: socket });
  });
}

/** A query value as nodemailer reads one from a connection URL: a number, a boolean, or the text. */
const queryValue = (value: string): string | number | boolean =>
  value === "true" ? true : value === "false" ? false : value.trim() !== "" && !Number.isNaN(Number(value)) ? Number(value) : value;

/**
 * SMTP_URL as nodemailer's options, read as nodemailer reads a connection URL: `smtps:` is TLS
 * from the start, user and password are the URL's, and its query sets further options, `tls.` ones
 * nested (smtps://…?tls.servername=…). Read here because nodemailer drops every other option
 * (the socket below, the pool) when it is handed a URL.
 */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const tls: Record<string, string | number | boolean> = {};
  const options: Record<string, unknown> = {};
  for (const [key, value] of url.searchParams) {
    const [target, name] = key.startsWith("tls.") ? [tls, key.slice(4)] : [options, key];
    // Other nested names are not nodemailer's; the first of a repeated one counts.
    if (!name.includes(".") && !(name in target)) target[name] = queryValue(value);
  }
  return {
    ...options,
    ...(Object.keys(tls).length ? { tls } : {}),
    secure: url.protocol === "smtps:",
    ...(url.hostname ? { host: url.hostname.replace(/^\[(.*)\]$/, "$1") } : {}),
    ...(Number(url.port) ? { port: Number(url.port) } : {}),
    ...(url.username || url.password ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
  };
}

/**
 * The transport of one run of the mail jobs: up to `connections` connections, each kept for the
 * following mails (a new connection per mail cost a TCP handshake, the server's greeting, EHLO and
 * QUIT, and servers often wait before greeting), closed at the run's end, so that no connection
 * idles between polls.
 */
export const openSmtpTransport = (smtpUrl: string, connections: number): Transporter =>
  nodemailer.createTransport({
    ...smtpOptions(smtpUrl),
    pool: true,
    maxConnections: connections,
    ...TIMEOUTS,
    getSocket: connectWithoutDelay,
  });
