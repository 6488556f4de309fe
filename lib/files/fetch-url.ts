import { lookup as dnsLookup } from "node:dns/promises";
import type http from "node:http";
import { isIP, type LookupFunction } from "node:net";
import { env, type EnvSource } from "@/lib/env";
import { pinnedRequest } from "@/lib/security/pinned-request";
import { filenameInDisposition } from "./content-disposition";
import { detectFileType, type FileKind } from "./file-kinds";
import { isPublicAddress } from "./public-address";

/**
 * Downloads an image or a PDF named by a URL a client gave us (content library images, attachment
 * URLs). The URL is hostile until proven otherwise: it may point at our own network, never end,
 * be huge, or not be what it claims.
 */

export type FetchRefusedReason =
  | "bad_url"
  | "dns_failed"
  | "private_address"
  | "network"
  | "http_status"
  | "too_many_redirects"
  | "too_large"
  | "timeout"
  | "deadline"
  | "bad_type";

export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusedReason,
    message: string,
    readonly url: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "FetchRefused";
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type FetchUrlOptions = {
  accept: FileKind;
  /** Allow every address (loopback, private, metadata...). Defaults from ALLOW_PRIVATE_FETCH. */
  allowPrivate?: boolean;
  /** Allow one more address besides public ones, e.g. a test's loopback server but not its redirects. */
  allowAddress?: (address: string) => boolean;
  /** Total time for every hop and the body. */
  timeoutMs?: number;
  /** The request's deadline (./fetch-all.ts): once aborted, the download stops and is refused as "deadline". */
  deadline?: AbortSignal;
  maxBytes?: number;
  maxRedirects?: number;
  /** Name resolution; tests inject one to point a made-up name at an address. */
  resolveHost?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export type FetchedFile = { bytes: Buffer; mimeType: string; filename: string };

export const FETCH_TIMEOUT_MS = 10_000;
export const FETCH_MAX_BYTES = 20 * 1024 * 1024;
export const FETCH_MAX_REDIRECTS = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Settings = Required<Omit<FetchUrlOptions, "allowPrivate" | "allowAddress" | "deadline">> & {
  isAllowed: (address: string) => boolean;
  signal: AbortSignal;
};

type Hop = { location: string } | { body: Buffer; contentDisposition?: string };

export async function fetchUrl(url: string, options: FetchUrlOptions): Promise<FetchedFile> {
  const { deadline } = options;
  const pastDeadline = () => new FetchRefused("deadline", "The request's downloads did not finish in time", url);
  if (deadline?.aborted) throw pastDeadline();
  const controller = new AbortController();
  const settings = resolveSettings(options, controller.signal);
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  const stop = () => controller.abort();
  deadline?.addEventListener("abort", stop, { once: true });
  try {
    return await fetchFollowingRedirects(url, settings);
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    throw deadline?.aborted ? pastDeadline() : new FetchRefused("timeout", "The download took too long", url);
  } finally {
    clearTimeout(timer);
    deadline?.removeEventListener("abort", stop);
  }
}

export function allowPrivateFetchFromEnv(source?: EnvSource): boolean {
  return env("ALLOW_PRIVATE_FETCH", source);
}

function resolveSettings(options: FetchUrlOptions, signal: AbortSignal): Settings {
  const allowPrivate = options.allowPrivate ?? allowPrivateFetchFromEnv();
  const allowAddress = options.allowAddress ?? (() => false);
  return {
    accept: options.accept,
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? FETCH_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? FETCH_MAX_REDIRECTS,
    resolveHost: options.resolveHost ?? systemResolve,
    isAllowed: (address) => allowPrivate || isPublicAddress(address) || allowAddress(address),
    signal,
  };
}

async function fetchFollowingRedirects(startUrl: string, settings: Settings): Promise<FetchedFile> {
  let url = parseHttpUrl(startUrl, startUrl);
  for (let redirects = 0; ; redirects++) {
    const hop = await fetchOnce(url, settings);
    if ("body" in hop) return describeFile(url, hop.body, hop.contentDisposition, settings.accept);
    if (redirects >= settings.maxRedirects) {
      throw new FetchRefused("too_many_redirects", `More than ${settings.maxRedirects} redirects`, url.href);
    }
    // Each target goes through the same checks as the first URL, including the address check.
    url = parseHttpUrl(resolveLocation(hop.location, url), url.href);
  }
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

function parseHttpUrl(raw: string, reportedUrl: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused("bad_url", "Not a valid URL", reportedUrl);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefused("bad_url", "Only http and https URLs can be downloaded", raw);
  }
  return url;
}

/** One request: either the body of a 2xx answer or the Location of a redirect. */
async function fetchOnce(url: URL, settings: Settings): Promise<Hop> {
  const target = await vetHost(url, settings);
  const response = await pinnedRequest(url, {
    method: "GET",
    headers: { accept: acceptHeader(settings.accept), "accept-encoding": "identity", "user-agent": "coursewright-fetch" },
    lookup: pinnedLookup(target),
    signal: settings.signal,
  }).catch((error: unknown) => {
    throw asFetchRefused(error, url);
  });
  try {
    return await readResponse(response, url, settings);
  } catch (error) {
    response.destroy();
    throw asFetchRefused(error, url);
  }
}

async function readResponse(response: http.IncomingMessage, url: URL, settings: Settings): Promise<Hop> {
  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (REDIRECT_STATUSES.has(status) && location) {
    response.destroy();
    return { location };
  }
  if (status < 200 || status > 299) {
    response.destroy();
    throw new FetchRefused("http_status", `The server answered ${status}`, url.href, status);
  }
  const body = await readCapped(response, url, settings.maxBytes);
  return { body, contentDisposition: response.headers["content-disposition"] };
}

/** The body, counted while it streams: a declared length is a hint, never a promise. */
async function readCapped(response: http.IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new FetchRefused("too_large", `The file is larger than ${maxBytes} bytes`, url.href);
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The address a request to `url` may connect to, under the same rules as a download (every
 * address the name resolves to must be public unless allowed), with the lookup that pins the
 * connection to it. For callers that make their own request (webhooks: a POST, no redirects).
 */
export async function vetRequestTarget(
  url: URL,
  options: Pick<FetchUrlOptions, "allowPrivate" | "allowAddress" | "resolveHost"> & { signal: AbortSignal },
): Promise<{ target: ResolvedAddress; lookup: LookupFunction }> {
  const settings = resolveSettings({ accept: "image", ...options }, options.signal);
  const target = await vetHost(url, settings);
  return { target, lookup: pinnedLookup(target) };
}

/** The address to connect to, after checking every address the name resolves to. */
async function vetHost(url: URL, settings: Settings): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(hostname)
    ? [{ address: hostname, family: isIP(hostname) as 4 | 6 }]
    : await resolveOrRefuse(hostname, url, settings);
  // One bad answer refuses the name: an attacker's DNS can hand out a mix of addresses.
  const refused = addresses.find(({ address }) => !settings.isAllowed(address));
  if (refused) {
    throw new FetchRefused("private_address", `${url.hostname} is a private or reserved address`, url.href);
  }
  return addresses[0];
}

async function resolveOrRefuse(hostname: string, url: URL, settings: Settings): Promise<ResolvedAddress[]> {
  const addresses = await abortable(settings.resolveHost(hostname), settings.signal).catch((error: unknown) => {
    if (settings.signal.aborted) throw error;
    throw new FetchRefused("dns_failed", `${hostname} could not be resolved`, url.href);
  });
  if (addresses.length === 0) throw new FetchRefused("dns_failed", `${hostname} could not be resolved`, url.href);
  return addresses;
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

// DNS lookups cannot be cancelled; stop waiting for one when the deadline passes.
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

function asFetchRefused(error: unknown, url: URL): unknown {
  if (error instanceof FetchRefused) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new FetchRefused("network", `The download failed: ${message}`, url.href);
}

function acceptHeader(kind: FileKind): string {
  return kind === "image" ? "image/png, image/jpeg, image/gif, image/webp" : kind === "zip" ? "application/zip" : "application/pdf";
}

async function describeFile(url: URL, bytes: Buffer, disposition: string | undefined, kind: FileKind): Promise<FetchedFile> {
  const type = await detectFileType(bytes, kind);
  if (!type) {
    const wanted = kind === "image" ? "a PNG, JPEG, GIF or WebP image" : kind === "zip" ? "a zip file" : "a PDF";
    throw new FetchRefused("bad_type", `The file is not ${wanted}`, url.href);
  }
  const name = filenameFromDisposition(disposition) ?? filenameFromPath(url.pathname) ?? "download";
  return { bytes, mimeType: type.mimeType, filename: withExtension(name, type.ext) };
}

function filenameFromDisposition(header: string | undefined): string | null {
  const name = header ? filenameInDisposition(header) : null;
  return name === null ? null : cleanFilename(name);
}

function filenameFromPath(pathname: string): string | null {
  const last = pathname.split("/").filter(Boolean).pop();
  return last ? cleanFilename(safeDecode(last)) : null;
}

/** A name safe to store and to echo in a header: no directories, no control characters. */
export function cleanFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function withExtension(name: string, ext: string): string {
  return /\.[A-Za-z0-9]{1,5}$/.test(name) ? name : `${name}.${ext}`;
}
