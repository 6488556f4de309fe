// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import { isoDuration } from "./time-formats";
import type { PackageConfig, QuizOutcome, Resume, Tracker } from "./tracker";

/** What the LMS puts in the AU's launch URL (cmi5 8.1). */
export type Cmi5Launch = { endpoint: string; fetchUrl: string; actor: Record<string, unknown>; registration: string; activityId: string };

/** The LMS.LaunchData state document (cmi5 10.2); only the fields the AU uses. */
type LaunchData = {
  contextTemplate?: XapiContext;
  launchMode?: "Normal" | "Browse" | "Review";
  moveOn?: string;
  masteryScore?: number;
  returnURL?: string;
};

type XapiContext = {
  registration?: string;
  contextActivities?: { parent?: Activity[]; grouping?: Activity[]; category?: Activity[]; other?: Activity[] };
  extensions?: Record<string, unknown>;
  [key: string]: unknown;
};
type Activity = { id: string; objectType?: "Activity"; [key: string]: unknown };

/** What this package keeps in its own state document, to resume and to send each verb once per registration. */
type SavedState = { location: string | null; state: string | null; completed: boolean; passed: boolean };

export const CMI5 = {
  category: "https://w3id.org/xapi/cmi5/context/categories/cmi5",
  moveOnCategory: "https://w3id.org/xapi/cmi5/context/categories/moveon",
  sessionId: "https://w3id.org/xapi/cmi5/context/extensions/sessionid",
  masteryScore: "https://w3id.org/xapi/cmi5/context/extensions/masteryscore",
  /** The package's resume state: a state document of the AU, per registration. */
  suspendStateId: "suspend",
  verbs: {
    initialized: "http://adlnet.gov/expapi/verbs/initialized",
    completed: "http://adlnet.gov/expapi/verbs/completed",
    passed: "http://adlnet.gov/expapi/verbs/passed",
    failed: "http://adlnet.gov/expapi/verbs/failed",
    terminated: "http://adlnet.gov/expapi/verbs/terminated",
  },
} as const;

type Verb = keyof typeof CMI5.verbs;

/** The launch parameters, or null when the page was not launched by a cmi5 LMS. */
export function readCmi5Launch(search: string): Cmi5Launch | null {
  const query = new URLSearchParams(search);
  const endpoint = query.get("endpoint");
  const fetchUrl = query.get("fetch");
  const actorText = query.get("actor");
  const registration = query.get("registration");
  const activityId = query.get("activityId");
  if (!endpoint || !fetchUrl || !actorText || !registration || !activityId) return null;
  try {
    const actor = JSON.parse(actorText) as unknown;
    if (!actor || typeof actor !== "object") return null;
    return {
      endpoint: endpoint.endsWith("/") ? endpoint : `${endpoint}/`,
      fetchUrl,
      actor: actor as Record<string, unknown>,
      registration,
      activityId,
    };
  } catch {
    return null;
  }
}

/** An RFC 4122 version 4 id; crypto.randomUUID exists only on secure origins, an LMS may serve over http. */
export function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One AU session with a cmi5 LMS (cmi5 spec, AU obligations): the fetch URL gives the token, the
 * LMS.LaunchData state gives the context template and the rules (launchMode, masteryScore,
 * returnURL), and the AU sends initialized first, completed and passed/failed as they happen, and
 * terminated last. Resume data lives in the AU's own state document (stateId "suspend").
 */
export function cmi5Tracker(launch: Cmi5Launch, config: PackageConfig): Tracker {
  let token = "";
  let launchData: LaunchData = {};
  let saved: SavedState = { location: null, state: null, completed: false, passed: false };
  let active = false;
  let judgedThisSession = false;
  let startedAt = 0;
  /** Statements and saves go out one after another, so the LRS stores them in the order sent. */
  let queue: Promise<unknown> = Promise.resolve();

  const url = (path: string, params: Record<string, string>) => {
    const target = new URL(path, launch.endpoint);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    return target.toString();
  };
  const headers = (json: boolean): Record<string, string> => ({
    Authorization: `Basic ${token}`,
    "X-Experience-API-Version": "1.0.3",
    ...(json ? { "Content-Type": "application/json" } : {}),
  });
  const stateParams = (stateId: string) => ({
    stateId,
    activityId: launch.activityId,
    agent: JSON.stringify(launch.actor),
    registration: launch.registration,
  });

  async function getJson<T>(target: string): Promise<T | null> {
    const response = await fetch(target, { headers: headers(false) });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`cmi5: ${target} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** keepalive: a request made while the page closes still reaches the LRS. */
  function enqueue(send: () => Promise<Response>): Promise<void> {
    const next = queue.then(send).then(
      (response) => {
        if (!response.ok) console.warn(`cmi5: the LRS answered ${response.status}`);
      },
      (error: unknown) => console.warn("cmi5: the LRS could not be reached", error),
    );
    queue = next;
    return next;
  }

  function context(judged: boolean, withMastery: boolean): XapiContext {
    const template = structuredClone(launchData.contextTemplate ?? {});
    const activities = template.contextActivities ?? {};
    const category = [...(activities.category ?? [])];
    const grouping = [...(activities.grouping ?? [])];
    for (const id of [CMI5.category, ...(judged ? [CMI5.moveOnCategory] : [])]) {
      if (!category.some((a) => a.id === id)) category.push({ id, objectType: "Activity" });
    }
    if (!grouping.some((a) => a.id === config.au_id)) grouping.push({ id: config.au_id, objectType: "Activity" });
    const extensions = { ...(template.extensions ?? {}) };
    if (withMastery && launchData.masteryScore !== undefined) extensions[CMI5.masteryScore] = launchData.masteryScore;
    return {
      ...template,
      registration: launch.registration,
      contextActivities: { ...activities, category, grouping },
      ...(Object.keys(extensions).length > 0 ? { extensions } : {}),
    };
  }

  function statement(verb: Verb, result?: Record<string, unknown>, withMastery = false) {
    const judged = verb === "completed" || verb === "passed" || verb === "failed";
    return {
      id: uuid(),
      timestamp: new Date().toISOString(),
      actor: launch.actor,
      verb: { id: CMI5.verbs[verb], display: { "en-US": verb } },
      object: { id: launch.activityId, objectType: "Activity" },
      context: context(judged, withMastery),
      ...(result ? { result } : {}),
    };
  }

  function send(verb: Verb, result?: Record<string, unknown>, withMastery = false): Promise<void> {
    const body = JSON.stringify(statement(verb, result, withMastery));
    return enqueue(() => fetch(url("statements", {}), { method: "POST", headers: headers(true), body, keepalive: true }));
  }

  function putState() {
    const body = JSON.stringify(saved);
    // Browsers refuse keepalive bodies over 64 KiB in flight; a larger state goes out as a plain request.
    const keepalive = body.length < 60_000;
    void enqueue(() =>
      fetch(url("activities/state", stateParams(CMI5.suspendStateId)), { method: "PUT", headers: headers(true), body, keepalive }),
    );
  }

  /** Browse and Review launches record no satisfaction: initialized and terminated only (cmi5 10.2.2). */
  const isNormal = () => (launchData.launchMode ?? "Normal") === "Normal";
  const elapsed = () => isoDuration(Date.now() - startedAt);

  return {
    kind: "cmi5",
    maxState: 64_000,
    async start(): Promise<Resume> {
      if (active) return { location: saved.location, state: saved.state };
      try {
        // The fetch URL answers once per launch (cmi5 8.2.3).
        const tokenResponse = await fetch(launch.fetchUrl, { method: "POST" });
        const answer = (await tokenResponse.json()) as { "auth-token"?: string };
        if (!tokenResponse.ok || !answer["auth-token"]) throw new Error(`cmi5: the fetch URL gave no token (${tokenResponse.status})`);
        token = answer["auth-token"];
        const data = await getJson<LaunchData>(url("activities/state", stateParams("LMS.LaunchData")));
        if (!data) throw new Error("cmi5: the LMS wrote no LMS.LaunchData");
        launchData = data;
        // Read as the spec asks; the player has one language, so the preference changes nothing yet.
        await getJson(url("agents/profile", { agent: JSON.stringify(launch.actor), profileId: "cmi5LearnerPreferences" })).catch(
          () => null,
        );
        const previous = await getJson<Partial<SavedState>>(url("activities/state", stateParams(CMI5.suspendStateId))).catch(() => null);
        if (previous) saved = { ...saved, ...previous };
      } catch (error) {
        console.warn("cmi5: no LMS session; the course runs untracked", error);
        return { location: null, state: null };
      }
      active = true;
      startedAt = Date.now();
      await send("initialized");
      return { location: saved.location, state: saved.state };
    },
    save({ location, state }) {
      if (!active) return;
      saved = { ...saved, location, state: state.length <= 64_000 ? state : saved.state };
      putState();
    },
    complete() {
      // completed goes out once per registration (cmi5 9.3.2), so the flag is saved with the state.
      if (!active || !isNormal() || saved.completed) return;
      saved = { ...saved, completed: true };
      void send("completed", { completion: true, duration: elapsed() });
      putState();
    },
    score(outcome: QuizOutcome) {
      // One verdict per session, and never another one once passed in this registration.
      // Whatever moveOn says, the score goes out with its verdict (passed/failed carry result.score).
      if (!active || !isNormal() || judgedThisSession || saved.passed) return;
      const mastery = launchData.masteryScore;
      const passed = mastery === undefined ? outcome.passed : outcome.scaled >= mastery;
      judgedThisSession = true;
      const result = {
        score: { scaled: outcome.scaled, raw: outcome.raw, min: outcome.min, max: outcome.max },
        success: passed,
        duration: elapsed(),
      };
      void send(passed ? "passed" : "failed", result, mastery !== undefined);
      if (passed) {
        saved = { ...saved, passed: true };
        putState();
      }
    },
    finish() {
      if (!active) return;
      active = false;
      const done = send("terminated", { duration: elapsed() });
      const returnUrl = launchData.returnURL;
      // The AU hands the window back to the LMS once terminated is on its way (cmi5 10.2.6).
      if (returnUrl) void done.then(() => window.location.assign(returnUrl));
    },
  };
}
