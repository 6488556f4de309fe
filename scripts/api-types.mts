// Writes the browser client's types (lib/client/schema/*.d.ts) from the OpenAPI documents the
// endpoint definitions give: run after changing an endpoint's path, parameters, body or response.
//
//   npm run api:types
//
// lib/client/schema.test.ts fails while a committed file differs from what this writes.
import fs from "node:fs";
import path from "node:path";
import { CLIENT_SCHEMA_DIR, clientSchemaFiles } from "@/lib/openapi/client-types";

const files = await clientSchemaFiles();
fs.mkdirSync(CLIENT_SCHEMA_DIR, { recursive: true });
for (const [file, text] of Object.entries(files)) {
  const target = path.join(CLIENT_SCHEMA_DIR, file);
  const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : undefined;
  if (before === text) {
    console.log(`${target}: unchanged`);
    continue;
  }
  fs.writeFileSync(target, text);
  console.log(`${target}: ${before === undefined ? "written" : "updated"}`);
}
