/**
 * A Content-Disposition header value that cannot break out of its quotes or smuggle a header:
 * an ASCII fallback name (RFC 6266) plus the exact name UTF-8 encoded (RFC 5987).
 */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]|["\\%;]/g, "_")
    .trim()
    .slice(0, 200);
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii || "file"}"; filename*=UTF-8''${encoded}`;
}
