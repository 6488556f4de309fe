"use client";

import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId } from "react";
import { iconButton } from "@/components/bank/category-panel";
import type { QuestionDto } from "@/components/bank/queries";
import { DifficultyMeter, TypeBadge } from "@/components/bank/question-list";
import { GripIcon, XIcon } from "@/components/ui/icons";
import { useSortableA11y, useSortableSensors, verticalOnly } from "@/components/ui/use-sortable-a11y";

function SortableQuestion({
  question,
  index,
  categoryName,
  onRemove,
}: {
  question: QuestionDto;
  index: number;
  categoryName?: string;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative flex items-start gap-3 border-b border-slate-100 bg-white px-3 py-3 last:border-b-0 ${
        isDragging ? "z-10 rounded-md shadow-lg ring-1 ring-brand-200" : ""
      }`}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Reorder “${question.prompt}”`}
        className="mt-0.5 cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
      >
        <GripIcon />
      </button>
      <span aria-hidden className="mt-1 w-5 shrink-0 text-right text-sm font-semibold tabular-nums text-slate-400">
        {index + 1}
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="text-sm font-medium text-slate-900">{question.prompt}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <TypeBadge type={question.question_type} />
          <DifficultyMeter value={question.difficulty} />
          {categoryName ? <span>{categoryName}</span> : null}
          <span>{question.options.length} options</span>
        </p>
      </div>
      <button
        type="button"
        className={`${iconButton} hover:text-red-700`}
        aria-label={`Remove “${question.prompt}” from the quiz`}
        onClick={onRemove}
      >
        <XIcon />
      </button>
    </li>
  );
}

/**
 * The quiz's questions in order, sortable with the pointer (drag the handle) and the keyboard
 * (focus the handle, Space, arrows, Space), with every step announced to screen readers.
 */
export function SortableQuestions({
  questions,
  categoryNames,
  onReorder,
  onRemove,
}: {
  questions: QuestionDto[];
  categoryNames: Map<string, string>;
  onReorder: (questions: QuestionDto[], moved: QuestionDto, position: number) => void;
  onRemove: (question: QuestionDto) => void;
}) {
  const dndId = useId();
  const sensors = useSortableSensors();
  const ids = questions.map((q) => q.id);

  const { announcements, screenReaderInstructions } = useSortableA11y(ids, "question", (id) => questions.find((q) => q.id === id)?.prompt);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    onReorder(arrayMove(questions, from, to), questions[from], to + 1);
  }

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label="Questions in this quiz">
          {questions.map((q, i) => (
            <SortableQuestion
              key={q.id}
              question={q}
              index={i}
              categoryName={categoryNames.get(q.category_id)}
              onRemove={() => onRemove(q)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
