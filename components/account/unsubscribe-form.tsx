"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiClientError, appApi } from "@/lib/client/api";

/**
 * The unsubscribe page's one button: it posts the link's token as a mail client's one-click
 * would (POST /api/account/notifications/unsubscribe), then says it is done.
 */
export function UnsubscribeForm({ token, what }: { token: string; what: string }) {
  const [state, setState] = useState<"idle" | "sending" | "done">("idle");
  const [error, setError] = useState<string>();
  if (state === "done") {
    return (
      <div className="space-y-3">
        <Alert tone="success">You are unsubscribed: we will no longer mail you {what}.</Alert>
        <p className="text-sm text-slate-700">
          Changed your mind? Turn these mails back on under{" "}
          <Link href="/account/notifications" className="text-brand-700 underline">
            Notifications
          </Link>{" "}
          on your account page.
        </p>
      </div>
    );
  }
  return (
    <form
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setState("sending");
        setError(undefined);
        try {
          await appApi.POST("/account/notifications/unsubscribe", { params: { query: { token } } });
          setState("done");
        } catch (e) {
          setState("idle");
          setError(e instanceof ApiClientError ? e.message : "Something went wrong. Try again.");
        }
      }}
    >
      <Button type="submit" disabled={state === "sending"} className="w-full">
        {state === "sending" ? "Unsubscribing…" : "Unsubscribe"}
      </Button>
      {error ? <Alert>{error}</Alert> : null}
    </form>
  );
}
