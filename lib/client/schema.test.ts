import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_SCHEMA_COMMAND, CLIENT_SCHEMA_DIR, clientSchemaFiles } from "@/lib/openapi/client-types";

// The browser client's types are generated from the endpoint definitions and committed: an
// endpoint changed without regenerating them would type the screens against an API that is gone.
// Needs no database: the documents are built in memory.
describe("[CLIENT] generated API types", () => {
  it("match what the endpoint definitions give now", async () => {
    const files = await clientSchemaFiles();
    const stale = Object.entries(files)
      .filter(([file, text]) => {
        const target = path.join(CLIENT_SCHEMA_DIR, file);
        return !fs.existsSync(target) || fs.readFileSync(target, "utf8") !== text;
      })
      .map(([file]) => path.join(CLIENT_SCHEMA_DIR, file));
    expect(stale, `Stale generated API types: run \`${CLIENT_SCHEMA_COMMAND}\` and commit the result.`).toEqual([]);
  });
});
