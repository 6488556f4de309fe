"use client";

import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { loadMermaid } from "@/components/blocks/types/diagram/view";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { PublishChecksDto } from "@/lib/client/types";
import { usePublishChecks } from "./queries";
import type { CourseNode, FlatItem } from "./tree-model";

type Problem = { key: string; lessonId: string; lessonTitle: string; blockPosition: number | null; message: string; quizId: string | null };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The lessons of the course that are drafts now: publishing the course publishes them. */
export function draftLessonsOf(course: CourseNode | undefined) {
  return (course?.modules ?? []).flatMap((m) => m.lessons ?? []).filter((l) => !l.published_at);
}

const firstLine = (error: unknown) =>
  ((error instanceof Error ? error.message : String(error)).split("\n").find((line) => line.trim()) ?? "it does not parse").replace(
    /:\s*$/,
    "",
  );

/**
 * Mermaid parses in the browser only (it needs a DOM), so the server hands back each diagram's
 * code and the dialog parses it here: a diagram that does not parse shows learners Mermaid's error.
 */
function useDiagramProblems(diagrams: PublishChecksDto["diagrams"] | undefined) {
  const [result, setResult] = useState<{ for: typeof diagrams; problems: Problem[] }>();
  useEffect(() => {
    if (!diagrams?.length) return;
    let cancelled = false;
    (async () => {
      const problems: Problem[] = [];
      try {
        const mermaid = await loadMermaid();
        for (const d of diagrams) {
          try {
            await mermaid.parse(d.code);
          } catch (error) {
            problems.push({
              key: d.block_id,
              lessonId: d.lesson_id,
              lessonTitle: d.lesson_title,
              blockPosition: d.block_position,
              quizId: null,
              message: `Block ${d.block_position + 1} (diagram): the Mermaid code does not parse (${firstLine(error)}), so learners see the error instead of a diagram.`,
            });
          }
        }
      } catch {
        // Mermaid could not load: the server's checks still stand.
      }
      if (!cancelled) setResult({ for: diagrams, problems });
    })();
    return () => {
      cancelled = true;
    };
  }, [diagrams]);
  if (!diagrams?.length) return { pending: false, problems: [] };
  return result?.for === diagrams ? { pending: false, problems: result.problems } : { pending: true, problems: [] };
}

/**
 * Publishing a course or a lesson, with the checks first: what learners would meet that the
 * author probably did not mean, each with a link to where it is fixed. Publishing stays possible.
 */
export function PublishDialog({
  item,
  course,
  projectId,
  onCancel,
  onConfirm,
}: {
  item: FlatItem;
  course: CourseNode | undefined;
  projectId: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const checks = usePublishChecks(item.courseId);
  // A lesson's dialog shows that lesson's part of the course's checks (one list, kept while the answer is the same).
  const scoped = useMemo(() => {
    if (!checks.data) return undefined;
    const inScope = <T extends { lesson_id: string }>(list: T[]) =>
      item.kind === "course" ? list : list.filter((p) => p.lesson_id === item.id);
    return { problems: inScope(checks.data.problems), diagrams: inScope(checks.data.diagrams) };
  }, [checks.data, item.kind, item.id]);
  const diagrams = useDiagramProblems(scoped?.diagrams);
  const fromServer: Problem[] = scoped
    ? scoped.problems.map((p) => ({
        key: `${p.code}-${p.block_id ?? p.lesson_id}`,
        lessonId: p.lesson_id,
        lessonTitle: p.lesson_title,
        blockPosition: p.block_position,
        message: p.message,
        quizId: p.quiz_id,
      }))
    : [];
  // In course order: the tree's lesson order, then the block's place in its lesson.
  const lessonOrder = (course?.modules ?? []).flatMap((m) => m.lessons ?? []).map((l) => l.id);
  const problems = [...fromServer, ...diagrams.problems].sort(
    (a, b) => lessonOrder.indexOf(a.lessonId) - lessonOrder.indexOf(b.lessonId) || (a.blockPosition ?? -1) - (b.blockPosition ?? -1),
  );
  const checking = checks.isPending || diagrams.pending;
  const drafts = draftLessonsOf(course);

  const consequence =
    item.kind === "course"
      ? `Learners of this workspace will see this course. ${
          drafts.length > 0 ? `This publishes ${plural(drafts.length, "draft lesson")}.` : "All its lessons are already published."
        }`
      : course?.published_at
        ? "Learners will see this lesson at once."
        : `Learners will see this lesson once its course “${course?.title}” is published too.`;

  return (
    <Modal
      open
      onClose={onCancel}
      title={`Publish “${item.title}”?`}
      description={consequence}
      size="default"
      footer={
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" onClick={onConfirm} disabled={checking} data-autofocus>
            {problems.length > 0 ? "Publish anyway" : "Publish"}
          </Button>
        </div>
      }
    >
      {checking ? (
        <p role="status" className="text-sm text-slate-600">
          Checking {item.kind === "course" ? "the course's lessons" : "the lesson"}…
        </p>
      ) : checks.isError ? (
        <p role="status" className="text-sm text-slate-600">
          Could not check {item.kind === "course" ? "the course" : "the lesson"} before publishing: {checks.error.message}
        </p>
      ) : problems.length === 0 ? (
        <p role="status" className="text-sm text-emerald-800">
          No problems found: every lesson has content, and its videos, diagrams, questions and quizzes work.
        </p>
      ) : (
        <section aria-labelledby="publish-problems-heading" className="space-y-2">
          <h3 id="publish-problems-heading" className="text-sm font-semibold text-amber-900">
            {plural(problems.length, "problem")} learners would see
          </h3>
          <ul aria-labelledby="publish-problems-heading" className="space-y-2">
            {problems.map((p) => (
              <li key={p.key} className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                <Link href={`/projects/${projectId}/lessons/${p.lessonId}`} className="font-medium text-brand-700 underline">
                  {p.lessonTitle}
                </Link>
                <span>: {p.message}</span>
                {p.quizId ? (
                  <>
                    {" "}
                    <Link href={`/projects/${projectId}/quizzes/${p.quizId}`} className="text-brand-700 underline">
                      Edit the quiz
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-600">You can publish anyway and fix them later.</p>
        </section>
      )}
    </Modal>
  );
}
