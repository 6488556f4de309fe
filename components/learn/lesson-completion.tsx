"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { learnRequests } from "./requests";

/**
 * Whether the learner has finished the lesson, in their words: "Mark complete", and "Mark as not
 * complete" to take it back. Reading to the end completes nothing. The answer shows here at once;
 * the server-rendered rest of the page (the "Completed" in the header) refreshes after it.
 */
export function LessonCompletion({ lessonId, completed: saved }: { lessonId: string; completed: boolean }) {
  const router = useRouter();
  const [completed, setCompleted] = useState(saved);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const [, startTransition] = useTransition();

  async function change(complete: boolean) {
    setSaving(true);
    setFailed(null);
    try {
      await (complete ? learnRequests.complete(lessonId) : learnRequests.uncomplete(lessonId));
      setCompleted(complete);
      startTransition(() => router.refresh());
    } catch (error) {
      setFailed(error instanceof Error ? error : new Error("Could not save that."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-sm font-medium text-emerald-700">
        {completed ? "✓ Lesson complete" : ""}
      </p>
      {completed ? (
        <Button variant="secondary" disabled={saving} onClick={() => change(false)}>
          Mark as not complete
        </Button>
      ) : (
        <Button disabled={saving} onClick={() => change(true)}>
          Mark complete
        </Button>
      )}
      {failed ? <Alert>Could not save that: {failed.message}</Alert> : null}
    </div>
  );
}
