// `npm ci` refuses a lock file that lacks optional dependencies for other platforms (next's SWC,
// tailwind's oxide for macOS, Windows…). The npm registry mirror these machines reach does not
// serve those packages, so `npm install` leaves them out. This adds an entry for each, marked
// optional and for its platform, which `npm ci` then skips on this one.
//
//   npm run lockfile:fix      after every `npm install` that changes package-lock.json
//   node scripts/lockfile-stubs.mjs --check   exits 1 when entries are missing
import fs from "node:fs";

export function missingOptionalEntries(lock) {
  const pk = lock.packages;
  const missing = new Map();
  for (const [path, entry] of Object.entries(pk)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path ? path + "/" : ""}node_modules/${name}`;
      if (!pk[nested] && !pk[`node_modules/${name}`]) missing.set(name, range);
    }
  }
  return missing;
}

function platformOf(name) {
  const base = name.replace(/^.*\//, "");
  if (base.includes("wasm32")) return { cpu: ["wasm32"] };
  const os = /(android|darwin|freebsd|linux|win32|openbsd|netbsd|sunos|aix)/.exec(base)?.[1];
  const cpu = /(arm64|x64|ia32|riscv64|ppc64|s390x|loong64|arm)/.exec(base)?.[1];
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const missing = missingOptionalEntries(lock);
if (process.argv.includes("--check")) {
  if (missing.size) {
    console.error(`package-lock.json lacks ${[...missing.keys()].join(", ")}: run npm run lockfile:fix`);
    process.exit(1);
  }
  console.log("package-lock.json has every optional dependency entry npm ci needs.");
} else {
  for (const [name, range] of missing) {
    lock.packages[`node_modules/${name}`] = { version: range.replace(/^[\^~=]/, ""), optional: true, ...platformOf(name) };
  }
  fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
  console.log(missing.size ? `Added ${missing.size} entries: ${[...missing.keys()].join(", ")}` : "Nothing to add.");
}
