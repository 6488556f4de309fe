import { BlockNote } from "@/components/blocks/block-note";
import { PRIMARY } from "@/components/package/buttons";
import { QuestionFieldset } from "@/components/package/question-fieldset";
import type { PackageBlock } from "@/lib/authoring/exchange/package/package-data";

/** A quiz, scored in the package by the server's rule; the final quiz says passed or not with completion=quiz. */
export function PackageQuiz({ block, completion, passingScore }: { block: PackageBlock; completion: string; passingScore: number }) {
  const quiz = block.quiz;
  if (!quiz) return <BlockNote>This quiz is no longer available.</BlockNote>;
  const title = quiz.title.trim() || "Quiz";
  return (
    <form
      aria-label={title}
      data-quiz-index={quiz.index}
      data-question-ids={quiz.questions.map((q) => q.id).join(" ")}
      data-passing-score={quiz.is_final && completion === "quiz" ? passingScore : undefined}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {quiz.questions.length === 0 ? <p className="text-sm text-slate-600">This quiz has no questions.</p> : null}
      {quiz.questions.map((q) => (
        <QuestionFieldset key={q.id} question={q} name={`quiz-${block.id}-${q.id}`} />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY}>
          Submit answers
        </button>
        <p role="status" className="text-sm font-medium text-slate-900" />
      </div>
    </form>
  );
}
