"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { ConflictChoiceDialog } from "@/components/conflicts/conflict-dialog";
import { baseOf } from "@/components/conflicts/save-on-version";
import { lessonKeys } from "@/lib/client/query-keys";
import { useRenameLesson, type LessonDto } from "./queries";
import { SaveIndicator } from "./save-indicator";
import { useVersionedAutosave } from "./use-versioned-autosave";

const titleOf = (lesson: LessonDto) => lesson.title;

/**
 * The lesson's title, edited in place and saved like block content: each save names the version
 * it is based on, and a title saved elsewhere meanwhile asks which one to keep (docs/decisions/011).
 */
export function LessonTitle({ lesson }: { lesson: LessonDto }) {
  const id = useId();
  const client = useQueryClient();
  const rename = useRenameLesson(lesson.id);
  const title = useVersionedAutosave<string, LessonDto, string>({
    initial: lesson.title,
    initialBase: () => baseOf(lesson, titleOf),
    partOf: titleOf,
    mineOf: (value) => value.trim(),
    draftOf: titleOf,
    send: (value, ifMatch) => rename.mutateAsync({ title: value.trim(), ifMatch }),
    onTheirs: (theirs) => client.setQueryData(lessonKeys.detail(lesson.id), theirs),
    conflictMessage: "The title was changed elsewhere while you were editing it.",
    theirsTakenMessage: "The title now has the other version.",
    validate: (value) =>
      !value.trim() ? "A lesson needs a title." : value.trim().length > 200 ? "Keep the title to 200 characters." : null,
  });
  const invalid = title.status === "error" && title.error && !title.error.willRetry;

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
      <ConflictChoiceDialog
        choice={title.choice}
        describe={({ theirs }) => ({ itemLabel: "The lesson title", theirs: theirs.title, mine: title.value })}
      />
    </div>
  );
}
