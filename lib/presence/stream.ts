import { z } from "zod";
import { admit, errorResponse } from "@/lib/api/admit";
import { validationError } from "@/lib/api/errors";
import { appService } from "@/lib/app/service";
import { assertMayBePresent, leavePresence, othersPresent, PresenceTarget, STREAM_TICK_MS, touchPresence, versionOf } from "./presence";

const StreamQuery = PresenceTarget.extend({ session: z.string().regex(/^[A-Za-z0-9-]{8,64}$/) });

/** A comment line now and then, so proxies and the browser keep an idle stream open. */
const KEEP_ALIVE_MS = 15_000;

/**
 * GET /api/presence/stream: a tab's Server-Sent Events while it has a lesson or a proposal open
 * (docs/decisions/061). The tab is present while the stream runs, refreshed every tick; each tick
 * reads who else is there and the item's version from the database (version polling: it works the
 * same with any number of app instances on one database), and sends `presence` {others} when that
 * changed and `changed` {version} when something was saved. The stream's end (the tab closed or
 * moved on) drops the tab at once; a crashed instance's rows age out.
 */
export async function streamPresence(req: Request): Promise<Response> {
  const admitted = await admit(req, appService);
  if (admitted instanceof Response) return admitted;
  const { db, caller, requestId } = admitted;
  const url = new URL(req.url);
  const query = StreamQuery.safeParse(Object.fromEntries(url.searchParams));
  try {
    if (!query.success) throw validationError(query.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    await assertMayBePresent(db, caller, query.data);
  } catch (error) {
    return errorResponse(appService, error, requestId);
  }
  const { session, ...target } = query.data;
  const encoder = new TextEncoder();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let lastOthers = "";
      let lastVersion: string | undefined;
      let lastSent = Date.now();
      const send = (text: string) => {
        if (stopped) return;
        controller.enqueue(encoder.encode(text));
        lastSent = Date.now();
      };
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearTimeout(timer);
        void leavePresence(db, caller, session).catch(() => undefined);
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      req.signal.addEventListener("abort", stop, { once: true });
      // The browser reconnects after this many milliseconds if the stream breaks.
      send(`retry: 3000\n\n`);
      const tick = async () => {
        try {
          await touchPresence(db, caller, session, target);
          const [others, version] = await Promise.all([othersPresent(db, caller, session, target), versionOf(db, target)]);
          const othersJson = JSON.stringify(others);
          if (othersJson !== lastOthers) {
            send(`event: presence\ndata: ${JSON.stringify({ others })}\n\n`);
            lastOthers = othersJson;
          }
          if (lastVersion !== undefined && version !== lastVersion) send(`event: changed\ndata: ${JSON.stringify({ version })}\n\n`);
          lastVersion = version;
          if (Date.now() - lastSent > KEEP_ALIVE_MS) send(`: keep-alive\n\n`);
        } catch {
          // A failed tick (the database away a moment) is retried at the next; the tab stays.
        }
        if (!stopped) timer = setTimeout(() => void tick(), STREAM_TICK_MS);
      };
      void tick();
    },
    cancel() {
      stopped = true;
      clearTimeout(timer);
      void leavePresence(db, caller, session).catch(() => undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      "x-request-id": requestId,
    },
  });
}
