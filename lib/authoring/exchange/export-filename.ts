import type { ExportFormat } from "./schemas";

/**
 * The name an export is saved under, "<slug>-<format>.zip": the course title in lowercase ASCII
 * words joined by hyphens (accents dropped, 60 characters at most), or "course" when nothing is left.
 */
export function exportFilename(title: string, format: ExportFormat): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "course"}-${format}.zip`;
}
