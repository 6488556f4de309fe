// A test LMS on loopback: serves a package, launches it the way an LMS does (SCORM: a page with
// scorm-again's API around the package's frame; cmi5: a launch URL to a small LRS), and keeps
// everything the package committed so a test can reopen the course with it.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { contentType, fileUnder } from "../../support/static-server";
import { LEARNER, TestLrs } from "./lrs";

export type ScormFormat = "scorm12" | "scorm2004";
/** cmi values as scorm-again's flattened commits carry them: { "cmi.core.lesson_status": "incomplete", ... }. */
export type CmiValues = Record<string, string>;
export type ScormCommit = { values: CmiValues; terminate: boolean };
export type ScormAttempt = { id: string; format: ScormFormat; seed: CmiValues; commits: ScormCommit[] };

const SCORM_AGAIN = path.resolve("node_modules", "scorm-again", "dist");

/** What an LMS keeps of a suspended attempt and hands back at the next launch. */
const CARRIED = {
  scorm12: [
    "cmi.core.lesson_location",
    "cmi.suspend_data",
    "cmi.core.lesson_status",
    "cmi.core.score.raw",
    "cmi.core.score.min",
    "cmi.core.score.max",
  ],
  scorm2004: [
    "cmi.location",
    "cmi.suspend_data",
    "cmi.completion_status",
    "cmi.success_status",
    "cmi.progress_measure",
    "cmi.score.scaled",
    "cmi.score.raw",
    "cmi.score.min",
    "cmi.score.max",
  ],
} as const;

/** `popup`: the LMS opens the package in a window of its own (the API is then on the opener). */
function lmsPage(attempt: ScormAttempt, launch: string, popup: boolean): string {
  const [script, global, ctor] =
    attempt.format === "scorm12" ? ["scorm12.js", "API", "Scorm12API"] : ["scorm2004.js", "API_1484_11", "Scorm2004API"];
  const settings = { lmsCommitUrl: `/commit/${attempt.id}`, dataCommitFormat: "flattened", terminateCommitParam: "terminate", logLevel: 5 };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<script src="/scorm-again/${script}"></script>
<script>
  const api = new ${ctor}(${JSON.stringify(settings)});
  api.loadFromFlattenedJSON(${JSON.stringify(attempt.seed)});
  // Every call the package makes, in order, for the tests to read (window.lmsCalls).
  window.lmsCalls = [];
  for (const name of ${JSON.stringify(attempt.format === "scorm12" ? ["LMSInitialize", "LMSFinish", "LMSCommit", "LMSSetValue"] : ["Initialize", "Terminate", "Commit", "SetValue"])}) {
    const call = api[name].bind(api);
    api[name] = (...args) => {
      const result = call(...args);
      window.lmsCalls.push([name, ...args, result]);
      return result;
    };
  }
  window.${global} = api;
</script></head>
<body style="margin:0"><h1 style="font-size:14px;margin:4px">Test LMS</h1>
${
  popup
    ? `<button type="button" onclick="window.open('/package/${launch}', 'course')">Launch course</button>`
    : `<iframe title="Course" src="/package/${launch}" style="width:100%;height:calc(100vh - 40px);border:0"></iframe>`
}
</body></html>`;
}

function cmi5Page(launchUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title></head>
<body style="margin:0"><h1 style="font-size:14px;margin:4px">Test LMS</h1>
<iframe title="Course" src="${launchUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" style="width:100%;height:calc(100vh - 40px);border:0"></iframe>
</body></html>`;
}

export type TestLms = Awaited<ReturnType<typeof startTestLms>>;

/**
 * Starts the LMS on a free loopback port. `packageDir`: an unpacked package; `files`: files
 * served beside it (under /package/ as well), e.g. a test page.
 */
export async function startTestLms(options: { packageDir?: string; files?: Record<string, string> } = {}) {
  const attempts = new Map<string, ScormAttempt>();
  const cmi5Pages = new Map<string, string>();
  const files = new Map(Object.entries(options.files ?? {}));
  const lrs = new TestLrs();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void route(req, res, Buffer.concat(chunks).toString("utf8")).catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
    });
  });

  async function route(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", origin);
    if (await lrs.handle(req, res, url, body)) return;
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "lms" && attempts.has(parts[1])) {
      const attempt = attempts.get(parts[1])!;
      res.writeHead(200, { "Content-Type": contentType("page.html") });
      return res.end(lmsPage(attempt, url.searchParams.get("launch") ?? "index.html", url.searchParams.get("window") === "popup"));
    }
    if (parts[0] === "commit" && attempts.has(parts[1]) && req.method === "POST") {
      attempts
        .get(parts[1])!
        .commits.push({ values: JSON.parse(body) as CmiValues, terminate: url.searchParams.get("terminate") === "true" });
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ result: true, errorCode: 0 }));
    }
    if (parts[0] === "cmi5" && cmi5Pages.has(parts[1])) {
      res.writeHead(200, { "Content-Type": contentType("page.html") });
      return res.end(cmi5Page(cmi5Pages.get(parts[1])!));
    }
    if (parts[0] === "returned") {
      res.writeHead(200, { "Content-Type": contentType("page.html") });
      return res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title></head><body><p>Back in the LMS</p></body></html>`,
      );
    }
    if (parts[0] === "scorm-again" && (parts[1] === "scorm12.js" || parts[1] === "scorm2004.js")) {
      res.writeHead(200, { "Content-Type": contentType("script.js") });
      return res.end(fs.readFileSync(path.join(SCORM_AGAIN, parts[1])));
    }
    if (parts[0] === "package") {
      const name = decodeURIComponent(parts.slice(1).join("/"));
      const type = contentType(name);
      if (files.has(name)) {
        res.writeHead(200, { "Content-Type": type });
        return res.end(files.get(name));
      }
      if (options.packageDir) {
        const file = fileUnder(options.packageDir, name);
        if (file) {
          res.writeHead(200, { "Content-Type": type });
          return res.end(fs.readFileSync(file));
        }
      }
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not found");
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    lrs,
    files,
    /** A SCORM attempt; `seed` is what the LMS kept from before (see reopen). */
    scormAttempt(format: ScormFormat, seed: CmiValues = {}): ScormAttempt {
      const attempt = { id: randomUUID(), format, seed, commits: [] };
      attempts.set(attempt.id, attempt);
      return attempt;
    },
    /** The LMS page that launches the attempt's package (index.html unless `launch` names another page), framed or in a pop-up. */
    scormUrl(attempt: ScormAttempt, launch = "index.html", window: "frame" | "popup" = "frame") {
      return `${origin}/lms/${attempt.id}?launch=${encodeURIComponent(launch)}${window === "popup" ? "&window=popup" : ""}`;
    },
    /** The cmi values of the attempt's last commit (scorm-again commits everything it holds). */
    lastCommit(attempt: ScormAttempt): CmiValues | undefined {
      return attempt.commits.at(-1)?.values;
    },
    /**
     * The next launch of the course, as an LMS makes it from the last commit. SCORM 2004: a
     * suspended attempt resumes (entry "resume", location, suspend data, status and score carried),
     * one left normally is followed by a new attempt (RTE 4.2.8). SCORM 1.2 has no attempts: the
     * data is carried either way, and entry says "resume" after a suspend.
     */
    reopen(attempt: ScormAttempt): ScormAttempt {
      const last = attempt.commits.at(-1)?.values ?? {};
      const exit = attempt.format === "scorm12" ? last["cmi.core.exit"] : last["cmi.exit"];
      if (attempt.format === "scorm2004" && exit !== "suspend") return this.scormAttempt(attempt.format, {});
      const entry = attempt.format === "scorm12" ? "cmi.core.entry" : "cmi.entry";
      const seed: CmiValues = { [entry]: exit === "suspend" ? "resume" : "" };
      for (const key of CARRIED[attempt.format]) if (last[key] !== undefined && last[key] !== "") seed[key] = last[key];
      return this.scormAttempt(attempt.format, seed);
    },
    /**
     * A cmi5 launch: the LMS writes LMS.LaunchData and hands the AU a launch URL. The same
     * `registration` again is the learner coming back to the course.
     */
    cmi5Launch(options: { auId: string; registration?: string; launch?: string; launchData?: Record<string, unknown> }) {
      const registration = options.registration ?? randomUUID();
      // The LMS's own activity id for the AU (cmi5 8.1.4), not the publisher's AU id; the same at every launch.
      const activityId = `https://lms.test/activities/${encodeURIComponent(options.auId)}`;
      const launch = lrs.prepareLaunch({ registration, activityId, auId: options.auId, launchData: options.launchData });
      const query = new URLSearchParams({
        endpoint: `${origin}/xapi/`,
        fetch: `${origin}/fetch/${launch.id}`,
        actor: JSON.stringify(LEARNER),
        registration,
        activityId,
      });
      const pageId = randomUUID();
      cmi5Pages.set(pageId, `${origin}/package/${options.launch ?? "index.html"}?${query.toString()}`);
      return { url: `${origin}/cmi5/${pageId}`, registration, activityId };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
