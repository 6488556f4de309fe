// Writes the configuration reference from the settings in lib/env.ts: docs/configuration.md, and the
// README's table of the settings an operator sets first. Run after adding or changing a setting:
//
//   npm run docs:config
//
// lib/env.test.ts fails while either committed file differs from what this writes.
import fs from "node:fs";
import { CONFIGURATION_DOC, configurationReference, readmeWithFirstSettings } from "../lib/env-reference";

const write = (file: string, text: string) => {
  const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  if (before === text) return console.log(`${file}: unchanged`);
  fs.writeFileSync(file, text);
  console.log(`${file}: ${before === undefined ? "written" : "updated"}`);
};

write(CONFIGURATION_DOC, configurationReference());
write("README.md", readmeWithFirstSettings(fs.readFileSync("README.md", "utf8")));
