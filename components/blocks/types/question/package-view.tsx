import { BlockNote } from "@/components/blocks/block-note";
import { SECONDARY } from "@/components/package/buttons";
import { QuestionFieldset } from "@/components/package/question-fieldset";
import { QUESTION_ROLE_LABELS } from "@/lib/authoring/blocks/block-content";
import type { PackageBlock } from "@/lib/authoring/exchange/package/package-data";

/** A practice question, checked in place against the key the package carries. */
export function PackageQuestion({ block }: { block: PackageBlock }) {
  if (!block.question) return <BlockNote>This question is no longer available.</BlockNote>;
  return (
    <form data-practice={block.question.id} className="space-y-3 rounded-md border border-slate-200 bg-white px-4 py-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
        {QUESTION_ROLE_LABELS[block.question_role ?? ""] ?? "Question"}
      </p>
      <QuestionFieldset question={block.question} name={`q-${block.id}`} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={SECONDARY}>
          Check answer
        </button>
        <p role="status" className="text-sm font-medium" />
      </div>
    </form>
  );
}
