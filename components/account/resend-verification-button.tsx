"use client";

import { useState } from "react";
import { failureOf } from "@/components/auth/failure";
import { resendVerification } from "@/components/auth/queries";
import { Button } from "@/components/ui/button";

/** "Resend": a new verification link to the signed-in user, then what happened, in words. */
export function ResendVerificationButton({ compact = false }: { compact?: boolean }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string>();

  async function resend() {
    setState("sending");
    setError(undefined);
    try {
      await resendVerification();
      setState("sent");
    } catch (e) {
      setError(failureOf(e, "Could not send the link. Try again.").message);
      setState("idle");
    }
  }

  return (
    <span className={compact ? "inline-flex flex-wrap items-center gap-2" : "flex flex-col gap-2"}>
      <Button
        type="button"
        variant={compact ? "secondary" : "primary"}
        className={compact ? "px-2.5 py-1" : "w-full"}
        disabled={state !== "idle"}
        onClick={resend}
      >
        {state === "sending" ? "Sending…" : state === "sent" ? "Sent" : "Resend"}
      </Button>
      <span aria-live="polite" className="text-sm">
        {state === "sent" ? "We sent a new link. Check your inbox." : error}
      </span>
    </span>
  );
}
