// A small LRS for the cmi5 tests: the fetch URL, statements, state and agent profiles of xAPI 1.0.3,
// in memory, checking the token and the version header the way an LMS's LRS does.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export type XapiStatement = {
  id: string;
  timestamp: string;
  actor: Record<string, unknown>;
  verb: { id: string };
  object: { id: string };
  result?: {
    score?: { scaled?: number; raw?: number; min?: number; max?: number };
    success?: boolean;
    completion?: boolean;
    duration?: string;
  };
  context?: {
    registration?: string;
    contextActivities?: Record<string, { id: string }[]>;
    extensions?: Record<string, unknown>;
  };
};

/** One launch of the AU: what the LMS wrote before it and the token its fetch URL hands out once. */
export type Cmi5Launch = {
  id: string;
  registration: string;
  activityId: string;
  actor: Record<string, unknown>;
  token: string | null;
  fetched: boolean;
};

export const LEARNER = { objectType: "Agent", account: { homePage: "https://lms.test", name: "learner-1" }, name: "Lee Learner" };

export class TestLrs {
  readonly statements: XapiStatement[] = [];
  /** Every request the AU made, in order, as "METHOD path": to show what it read. */
  readonly requests: string[] = [];
  private readonly documents = new Map<string, unknown>();
  private readonly launches = new Map<string, Cmi5Launch>();

  /** What the LMS does before launching an AU (cmi5 10.1): writes LMS.LaunchData for this registration. */
  prepareLaunch(options: { registration: string; activityId: string; auId: string; launchData?: Record<string, unknown> }): Cmi5Launch {
    const launch: Cmi5Launch = {
      id: randomUUID(),
      registration: options.registration,
      activityId: options.activityId,
      actor: LEARNER,
      token: null,
      fetched: false,
    };
    this.launches.set(launch.id, launch);
    const sessionId = randomUUID();
    this.documents.set(this.stateKey(options.activityId, LEARNER, options.registration, "LMS.LaunchData"), {
      contextTemplate: {
        contextActivities: { grouping: [{ id: options.auId }] },
        extensions: { "https://w3id.org/xapi/cmi5/context/extensions/sessionid": sessionId },
      },
      launchMode: "Normal",
      moveOn: "Completed",
      ...options.launchData,
    });
    return launch;
  }

  /** The statements of one registration, in the order the LRS stored them. */
  statementsOf(registration: string) {
    return this.statements.filter((s) => s.context?.registration === registration);
  }

  stateOf(activityId: string, registration: string, stateId: string) {
    return this.documents.get(this.stateKey(activityId, LEARNER, registration, stateId));
  }

  private stateKey(activityId: string, agent: unknown, registration: string | null, stateId: string) {
    const account = (agent as { account?: { homePage: string; name: string }; mbox?: string }) ?? {};
    const who = account.account ? `${account.account.homePage}|${account.account.name}` : String(account.mbox);
    return JSON.stringify([activityId, who, registration ?? "", stateId]);
  }

  private authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? "";
    return [...this.launches.values()].some((l) => l.token !== null && header === `Basic ${l.token}`);
  }

  /** Handles /fetch/<launch id> and /xapi/...; false when the request is not the LRS's. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<boolean> {
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, payload === undefined ? {} : { "Content-Type": "application/json" });
      res.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    if (url.pathname.startsWith("/fetch/")) {
      this.requests.push(`${req.method} /fetch`);
      const launch = this.launches.get(url.pathname.slice("/fetch/".length));
      if (!launch || req.method !== "POST") return (send(404), true);
      // The fetch URL answers once per launch (cmi5 8.2.3).
      if (launch.fetched) return (send(200, { "error-code": "1", "error-text": "already used" }), true);
      launch.fetched = true;
      launch.token = Buffer.from(`${launch.id}:${randomUUID()}`).toString("base64");
      return (send(200, { "auth-token": launch.token }), true);
    }
    if (!url.pathname.startsWith("/xapi/")) return false;
    const resource = url.pathname.slice("/xapi/".length);
    this.requests.push(`${req.method} /xapi/${resource}${resource.endsWith("state") ? `:${url.searchParams.get("stateId")}` : ""}`);
    if (!this.authorized(req)) return (send(401, { error: "no valid token" }), true);
    if (req.headers["x-experience-api-version"] !== "1.0.3") return (send(400, { error: "X-Experience-API-Version 1.0.3 expected" }), true);
    const q = url.searchParams;
    if (resource === "statements") {
      if (req.method === "POST") {
        const parsed = JSON.parse(body) as XapiStatement | XapiStatement[];
        const list = Array.isArray(parsed) ? parsed : [parsed];
        this.statements.push(...list);
        return (
          send(
            200,
            list.map((s) => s.id),
          ),
          true
        );
      }
      if (req.method === "PUT") {
        this.statements.push({ ...(JSON.parse(body) as XapiStatement), id: q.get("statementId") ?? "" });
        return (send(204), true);
      }
      return (send(405), true);
    }
    if (resource === "activities/state") {
      const key = this.stateKey(
        q.get("activityId") ?? "",
        JSON.parse(q.get("agent") ?? "{}"),
        q.get("registration"),
        q.get("stateId") ?? "",
      );
      if (req.method === "GET") {
        const doc = this.documents.get(key);
        return (doc === undefined ? send(404) : send(200, doc), true);
      }
      if (req.method === "PUT" || req.method === "POST") {
        const next = JSON.parse(body) as Record<string, unknown>;
        const previous = this.documents.get(key) as Record<string, unknown> | undefined;
        this.documents.set(key, req.method === "POST" && previous ? { ...previous, ...next } : next);
        return (send(204), true);
      }
      return (send(405), true);
    }
    if (resource === "agents/profile" && req.method === "GET") {
      if (q.get("profileId") !== "cmi5LearnerPreferences") return (send(404), true);
      return (send(200, { languagePreference: "en-US", audioPreference: "on" }), true);
    }
    return (send(404), true);
  }
}
