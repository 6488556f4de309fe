"use client";

import { useCallback, useEffect, useRef } from "react";

/** The frame of an interactive block (see InteractiveBlock): it is handed its HTML once it has loaded. */
export function InteractiveFrame({ html, title, height }: { html: string; title: string; height: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The loader takes the first HTML it gets and then stops listening, so sending twice is harmless.
  // The sandboxed document's origin is opaque ("null"): "*" is the only target that reaches it.
  const send = useCallback(() => frame.current?.contentWindow?.postMessage({ interactiveHtml: html }, "*"), [html]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current?.contentWindow || event.source !== frame.current.contentWindow) return;
      if ((event.data as { interactiveReady?: unknown })?.interactiveReady) send();
    };
    window.addEventListener("message", onMessage);
    // A frame in the server's HTML may have loaded, and said it is ready, before this ran: its
    // loader still listens, so send now too (to a frame still loading, this reaches nobody).
    send();
    return () => window.removeEventListener("message", onMessage);
  }, [send]);
  return (
    <iframe
      ref={frame}
      onLoad={send}
      src="/sandbox/interactive"
      sandbox="allow-scripts"
      title={title}
      height={height}
      referrerPolicy="no-referrer"
      className="w-full rounded-md border border-slate-200 bg-white"
      style={{ height }}
    />
  );
}
