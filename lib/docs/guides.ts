import fs from "node:fs";
import path from "node:path";

/** The user guides under docs/ that the app shows at /docs/<name>: one file each, also readable in the repository. */
const GUIDES = { guide: "guide.md", webhooks: "webhooks.md", "course-exchange": "course-exchange.md" } as const;

export type GuideName = keyof typeof GUIDES;

/** A guide's markdown, read from the app's folder at request time (as the migrations are, lib/db/migrate.ts). */
export function readGuide(name: GuideName): string {
  return fs.readFileSync(path.resolve(/*turbopackIgnore: true*/ process.cwd(), "docs", GUIDES[name]), "utf8");
}
