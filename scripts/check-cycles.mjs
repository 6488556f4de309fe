// `npm run lint:cycles`: no import cycles among the project's own modules. eslint's import/no-cycle
// did this, and was 57 % of the lint step's rule time (27 s of CI on two cores, issue 40): it walks
// the graph again from every file. Here esbuild resolves every import of every source file once
// (the tsconfig's `@/` paths included, packages left out) in about two seconds, and the strongly
// connected components of that graph are the cycles. Imports that only bring types are gone
// after esbuild, as they were for the rule (`import type`, which the lint's
// consistent-type-imports asks for). Dynamic `import()` counts, as it did.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOTS = ["app", "bench", "components", "e2e", "lib", "pages", "scripts", "test"];
const SKIP_DIRS = new Set(["generated", "node_modules"]);
const SOURCE = /\.(tsx?|mts|mjs)$/;
const DECLARATION = /\.d\.m?ts$/;

function sources() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(file);
      } else if (SOURCE.test(entry.name) && !DECLARATION.test(entry.name)) files.push(file);
    }
  };
  for (const root of ROOTS) if (fs.existsSync(root)) walk(root);
  // The top level's own modules too: proxy.ts, instrumentation.ts, the tools' configs.
  for (const entry of fs.readdirSync(".", { withFileTypes: true })) {
    if (entry.isFile() && SOURCE.test(entry.name) && !DECLARATION.test(entry.name)) files.push(entry.name);
  }
  return files;
}

/** Every project module's imports of other project modules, as esbuild resolved them. */
async function importGraph(files) {
  const { metafile } = await build({
    entryPoints: files,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    packages: "external",
    write: false,
    metafile: true,
    outdir: "cycles-out",
    logLevel: "error",
    loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".md": "text" },
  });
  const graph = new Map();
  for (const [file, { imports }] of Object.entries(metafile.inputs)) {
    graph.set(file, [...new Set(imports.filter((i) => !i.external && i.path in metafile.inputs).map((i) => i.path))]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one module, or a module importing itself. */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (start) => {
    // Iterative, so a deep import chain cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const to = edges[i];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.includes(node)) found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One path around the component, from its first module back to it, to name in the message. */
function loopThrough(graph, component) {
  const members = new Set(component);
  const [start] = component;
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return component;
}

const graph = await importGraph(sources());
const found = cycles(graph);
if (found.length) {
  console.error(`Import cycles (${found.length}): break each by moving what both sides need into a module of its own.`);
  for (const component of found) console.error(`  ${loopThrough(graph, component).join("\n    -> ")}`);
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} modules.`);
