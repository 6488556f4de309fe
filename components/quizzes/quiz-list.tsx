"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { iconButton } from "@/components/bank/category-panel";
import { errorMessage, splitApiError } from "@/components/bank/errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { useQuizListMutations, useQuizzes, type QuizSummaryDto } from "./queries";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The project's quizzes, newest first: create one (and go straight to it), open or delete. */
export function QuizList({ projectId }: { projectId: string }) {
  const quizzes = useQuizzes(projectId);
  const { create, remove, restore } = useQuizListMutations(projectId);
  const router = useRouter();
  const toast = useToast();
  const confirm = useConfirm();
  const [titleError, setTitleError] = useState<string>();

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title") ?? "").trim();
    if (!title) return setTitleError("Give the quiz a title.");
    setTitleError(undefined);
    try {
      const quiz = await create.mutateAsync({ title });
      router.push(`/projects/${projectId}/quizzes/${quiz.id}`);
    } catch (error) {
      const { fieldErrors, formError } = splitApiError(error, ["title"]);
      setTitleError(fieldErrors.title ?? formError);
    }
  }

  async function onDelete(quiz: QuizSummaryDto) {
    const body = "Lessons that show it stop showing it until it is restored from the trash.";
    if (!(await confirm({ title: `Delete the quiz “${quiz.title}”?`, body, confirmLabel: "Delete", tone: "danger" }))) return;
    remove.mutate(quiz.id, {
      onSuccess: () =>
        toast.show(`Quiz “${quiz.title}” moved to the trash.`, { action: { label: "Undo", run: () => restore.mutate(quiz.id) } }),
      onError: (e) => toast.show(`Could not delete “${quiz.title}”: ${errorMessage(e)}`, { tone: "error" }),
    });
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onCreate} noValidate className="flex items-end gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex-1">
          <Field label="New quiz title" name="title" placeholder="e.g. Module 1 check-in" maxLength={200} error={titleError} />
        </div>
        <Button type="submit" disabled={create.isPending}>
          <PlusIcon />
          {create.isPending ? "Creating…" : "Create quiz"}
        </Button>
      </form>

      <section aria-labelledby="quizzes-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <h2 id="quizzes-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold">
          Quizzes
        </h2>
        {quizzes.isPending ? (
          <LoadingPlaceholder className="space-y-3 p-4" label="Loading quizzes">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex justify-between">
                <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100" />
                <div className="h-4 w-20 animate-pulse rounded bg-slate-100" />
              </div>
            ))}
          </LoadingPlaceholder>
        ) : quizzes.isError ? (
          <div className="space-y-3 p-4">
            <Alert>Could not load the quizzes: {quizzes.error.message}</Alert>
            <Button type="button" variant="secondary" onClick={() => quizzes.refetch()}>
              Try again
            </Button>
          </div>
        ) : quizzes.data.length === 0 ? (
          <div className="px-6 py-12 text-center">
            <p className="font-medium text-slate-800">No quizzes yet</p>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">
              A quiz is an ordered set of questions from the bank. Give the first one a title above.
            </p>
          </div>
        ) : (
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Title
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Questions
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Last changed
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {quizzes.data.map((quiz) => (
                <tr key={quiz.id} className="hover:bg-slate-50/70">
                  <td className="px-4 py-3">
                    <Link
                      href={`/projects/${projectId}/quizzes/${quiz.id}`}
                      className="font-medium wrap-anywhere text-brand-700 hover:underline"
                    >
                      {quiz.title}
                    </Link>
                    {/* On a phone the two columns that follow are folded in here. */}
                    <p className="mt-0.5 text-xs text-slate-500 sm:hidden">
                      {quiz.question_count} {quiz.question_count === 1 ? "question" : "questions"} · changed{" "}
                      {dateFormat.format(new Date(quiz.updated_at))}
                    </p>
                  </td>
                  <td className="hidden px-4 py-3 tabular-nums text-slate-700 sm:table-cell">
                    {quiz.question_count} {quiz.question_count === 1 ? "question" : "questions"}
                  </td>
                  <td className="hidden px-4 py-3 text-slate-500 sm:table-cell">{dateFormat.format(new Date(quiz.updated_at))}</td>
                  <td className="px-4 py-3 text-right">
                    <button
                      type="button"
                      className={`${iconButton} hover:text-red-700`}
                      aria-label={`Delete ${quiz.title}`}
                      disabled={remove.isPending && remove.variables === quiz.id}
                      onClick={() => onDelete(quiz)}
                    >
                      <TrashIcon />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
