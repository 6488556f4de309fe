"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { lessonKeys } from "@/lib/client/query-keys";
import { ConflictDialog } from "./conflict-dialog";
import { conflictOf, useRenameLesson, type LessonDto } from "./queries";
import { SaveIndicator } from "./save-indicator";
import { useAutosave } from "./use-autosave";

/** The lesson version a title draft is based on (its If-Match), and the title it had. */
type BaseVersion = { updatedAt: string; title: string };

/**
 * The lesson's title, edited in place and saved like block content: each save names the version
 * it is based on, and a title saved elsewhere meanwhile asks which one to keep (docs/decisions/011).
 */
export function LessonTitle({ lesson }: { lesson: LessonDto }) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const rename = useRenameLesson(lesson.id);
  const base = useRef<BaseVersion | null>(null);
  if (base.current == null) base.current = { updatedAt: lesson.updated_at, title: lesson.title };
  const [conflict, setConflict] = useState<LessonDto>();
  const title = useAutosave<string>({
    initial: lesson.title,
    save: async (value) => {
      const next = value.trim();
      // A refusal by a change that left the title alone (the lesson was moved) is retried on the new version.
      for (let attempt = 0; ; attempt++) {
        try {
          const saved = await rename.mutateAsync({ title: next, ifMatch: base.current?.updatedAt });
          base.current = { updatedAt: saved.updated_at, title: saved.title };
          return;
        } catch (error) {
          const theirs = conflictOf<LessonDto>(error);
          if (!theirs) throw error;
          const current = { updatedAt: theirs.updated_at, title: theirs.title };
          if (theirs.title === next) {
            base.current = current;
            client.setQueryData(lessonKeys.detail(lesson.id), theirs);
            return;
          }
          if (theirs.title !== base.current?.title || attempt >= 2) {
            setConflict(theirs);
            throw new ApiClientError(409, "The title was changed elsewhere while you were editing it.", "conflict");
          }
          base.current = current;
        }
      }
    },
    validate: (value) =>
      !value.trim() ? "A lesson needs a title." : value.trim().length > 200 ? "Keep the title to 200 characters." : null,
  });
  const invalid = title.status === "error" && title.error && !title.error.willRetry;

  function keepMine() {
    if (!conflict) return;
    base.current = { updatedAt: conflict.updated_at, title: conflict.title };
    setConflict(undefined);
    title.retryNow();
  }

  function takeTheirs() {
    if (!conflict) return;
    const mine = title.value;
    base.current = { updatedAt: conflict.updated_at, title: conflict.title };
    client.setQueryData(lessonKeys.detail(lesson.id), conflict);
    title.replace(conflict.title);
    setConflict(undefined);
    toast.show("The title now has the other version.", { action: { label: "Undo", run: () => title.setValue(mine, { immediate: true }) } });
  }

  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Lesson title
        </label>
        <SaveIndicator status={title.status} error={title.error} />
      </div>
      <input
        id={id}
        value={title.value}
        maxLength={220}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={title.error ? `${id}-error` : undefined}
        onChange={(e) => title.setValue(e.target.value)}
        onBlur={() => void title.flush()}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void title.flush();
          }
        }}
        className="block w-full rounded-md border border-transparent bg-transparent px-2 py-1 -mx-2 text-2xl font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400"
      />
      {title.error ? (
        <p id={`${id}-error`} className="flex items-center gap-2 text-sm text-red-700">
          {title.error.message}
          {title.error.willRetry ? (
            <button type="button" className="font-semibold underline" onClick={title.retryNow}>
              Retry now
            </button>
          ) : null}
        </p>
      ) : null}
      {conflict ? (
        <ConflictDialog
          open
          itemLabel="The lesson title"
          theirs={conflict.title}
          theirsSavedAt={conflict.updated_at}
          mine={title.value}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
          onClose={() => setConflict(undefined)}
        />
      ) : null}
    </div>
  );
}
