"use client";

import { useEffect, useEffectEvent, useState } from "react";
import { appApi, editSessionId } from "@/lib/client/api";
import type { PresentDto } from "@/lib/client/types";

export type Present = PresentDto;
export type PresenceTarget = { kind: "lesson" | "proposal"; id: string };

/**
 * Who else has this lesson or proposal open, and in which block (docs/decisions/061): the tab's
 * event stream keeps it present and says when others come, move or go, and when anything was
 * saved (`onChanged`: refetch what the page shows; edits in progress keep themselves). `blockId`
 * is where this tab is, sent as it changes.
 */
export function usePresence(target: PresenceTarget, blockId: string | undefined, onChanged: () => void): Present[] {
  const [others, setOthers] = useState<Present[]>([]);
  const changed = useEffectEvent(onChanged);
  const { kind, id } = target;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const query = new URLSearchParams({ kind, id, session: editSessionId() });
    const source = new EventSource(`/api/presence/stream?${query}`);
    source.addEventListener("presence", (event) => setOthers((JSON.parse((event as MessageEvent).data) as { others: Present[] }).others));
    source.addEventListener("changed", () => changed());
    return () => {
      source.close();
      setOthers([]);
    };
  }, [kind, id]);

  useEffect(() => {
    // A moment's pause: moving through blocks with the keyboard sends where it stops. Who else is
    // here comes from the stream alone, whose first event is sent as it opens: the PUT's answer,
    // read before someone arrived and delivered after the stream said so, put an empty list over
    // theirs, and the stream, which sends only changes, never said it again (a flaky presence
    // spec in CI, 7 December). It is used only where there is no stream.
    const withoutStream = typeof EventSource === "undefined";
    const timer = setTimeout(() => {
      appApi
        .PUT("/presence", { body: { session: editSessionId(), target: { kind, id }, block_id: blockId ?? null } })
        .then((answer) => withoutStream && setOthers(answer.others))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [kind, id, blockId]);

  return others;
}

/** "Bob Builder (block 2), Ada in another tab": who is here, in the page's words. */
export function describePresent(others: Present[], blockLabel: (blockId: string) => string | undefined): string {
  return others
    .map((p) => {
      const where = p.block_id ? blockLabel(p.block_id) : undefined;
      const who = p.is_you ? "you, in another tab" : p.user_name;
      return where ? `${who} (${where})` : who;
    })
    .join(", ");
}
