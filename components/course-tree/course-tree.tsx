"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import Link from "next/link";
import { useMemo, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GripIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { useMoveItem, useProjectTree, useTreeChange, type TreeChange } from "./queries";
import { flatten, planMove, type CourseNode, type FlatItem, type Kind, type ProjectTree } from "./tree-model";

const KIND_LABEL: Record<Kind, string> = { course: "course", module: "module", lesson: "lesson" };

function Badge({ published }: { published: boolean }) {
  return published ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Published</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Draft</span>
  );
}

function InlineInput({
  label,
  initial = "",
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <input
      aria-label={label}
      autoFocus
      value={value}
      maxLength={200}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter" && value.trim()) onSubmit(value.trim());
        if (e.key === "Escape") onCancel();
      }}
      onBlur={() => (value.trim() && value.trim() !== initial ? onSubmit(value.trim()) : onCancel())}
      className="min-w-0 flex-1 rounded border border-brand-500 bg-white px-2 py-1 text-sm"
    />
  );
}

function AddRow({ label, depth, onAdd }: { label: string; depth: number; onAdd: (title: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-center py-1" style={{ paddingLeft: `${depth * 1.75 + 2.25}rem` }}>
      {open ? (
        <InlineInput
          label={`${label} title`}
          onCancel={() => setOpen(false)}
          onSubmit={(title) => {
            onAdd(title);
            setOpen(false);
          }}
        />
      ) : (
        <button type="button" onClick={() => setOpen(true)} className="rounded px-2 py-1 text-sm text-brand-600 hover:bg-brand-50">
          + {label}
        </button>
      )}
    </div>
  );
}

type RowProps = {
  item: FlatItem;
  projectId: string;
  collapsed: boolean;
  hasChildren: boolean;
  onToggle: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
};

function TreeRow({ item, projectId, collapsed, hasChildren, onToggle, onRename, onDelete, onPublish, onUnpublish }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const [renaming, setRenaming] = useState(false);
  const label = `${KIND_LABEL[item.kind]} ${item.title}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, paddingLeft: `${item.depth * 1.75}rem` }}
      className={`group flex items-center gap-2 rounded-md py-1 pr-2 ${isDragging ? "relative z-10 bg-white opacity-80 shadow-lg ring-1 ring-brand-100" : "hover:bg-slate-50"}`}
      aria-label={label}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${label}`}
        className="cursor-grab touch-none rounded px-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:text-slate-700"
      >
        <GripIcon width={14} height={14} />
      </button>
      {item.kind !== "lesson" ? (
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={`${collapsed ? "Expand" : "Collapse"} ${label}`}
          className={`w-5 text-slate-500 ${hasChildren ? "" : "invisible"}`}
        >
          {collapsed ? "▸" : "▾"}
        </button>
      ) : (
        <span className="w-5" aria-hidden>
          •
        </span>
      )}
      {renaming ? (
        <InlineInput
          label={`New title for ${label}`}
          initial={item.title}
          onCancel={() => setRenaming(false)}
          onSubmit={(title) => {
            onRename(title);
            setRenaming(false);
          }}
        />
      ) : item.kind === "lesson" ? (
        <Link href={`/projects/${projectId}/lessons/${item.id}`} className="min-w-0 flex-1 truncate text-sm hover:text-brand-600">
          {item.title}
        </Link>
      ) : (
        <span className={`min-w-0 flex-1 truncate ${item.kind === "course" ? "font-semibold" : "text-sm font-medium"}`}>{item.title}</span>
      )}
      {item.kind !== "module" ? <Badge published={item.published} /> : null}
      <span className="flex gap-1 opacity-70 group-focus-within:opacity-100 group-hover:opacity-100">
        {item.kind !== "module" ? (
          item.published ? (
            <button
              type="button"
              onClick={onUnpublish}
              className="rounded px-2 py-0.5 text-xs hover:bg-slate-200"
              aria-label={`Unpublish ${label}`}
            >
              Unpublish
            </button>
          ) : (
            <button
              type="button"
              onClick={onPublish}
              className="rounded px-2 py-0.5 text-xs text-emerald-700 hover:bg-emerald-50"
              aria-label={`Publish ${label}`}
            >
              Publish
            </button>
          )
        ) : null}
        <button
          type="button"
          onClick={() => setRenaming(true)}
          className="rounded px-2 py-0.5 text-xs hover:bg-slate-200"
          aria-label={`Rename ${label}`}
        >
          Rename
        </button>
        <button
          type="button"
          onClick={onDelete}
          className="rounded px-2 py-0.5 text-xs text-red-700 hover:bg-red-50"
          aria-label={`Delete ${label}`}
        >
          Delete
        </button>
      </span>
    </li>
  );
}

type Pending = { kind: "publish" | "unpublish"; item: FlatItem } | { kind: "delete"; item: FlatItem } | null;

function draftLessonsOf(course: CourseNode | undefined) {
  return (course?.modules ?? []).flatMap((m) => m.lessons ?? []).filter((l) => !l.published_at).length;
}

export function CourseTree({ projectId }: { projectId: string }) {
  const tree = useProjectTree(projectId);
  const move = useMoveItem(projectId);
  const write = useTreeChange(projectId);
  const toast = useToast();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [activeId, setActiveId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const items = useMemo(() => (tree.data ? flatten(tree.data, collapsed, activeId ?? undefined) : []), [tree.data, collapsed, activeId]);
  const all = useMemo(() => (tree.data ? flatten(tree.data, new Set()) : []), [tree.data]);
  const byId = (id: string | number | undefined) => all.find((i) => i.id === id);
  const name = (id: string | number | undefined) => {
    const item = byId(id);
    return item ? `${KIND_LABEL[item.kind]} ${item.title}` : "item";
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${name(active.id)} is no longer over a drop place.`
        : over.id === active.id
          ? undefined
          : `${name(active.id)} is over ${name(over.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} was dropped on ${name(over.id)}.` : `${name(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };

  function run(change: TreeChange, success?: string, undo?: () => void) {
    write.mutate(change, {
      onSuccess: () =>
        success ? toast.show(success, { tone: "success", action: undo ? { label: "Undo", run: undo } : undefined }) : undefined,
      onError: (error) => toast.show(error.message, { tone: "error" }),
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    if (!over) return;
    const plan = planMove(all, String(active.id), String(over.id));
    if (!plan) return;
    if ("refused" in plan) return toast.show(plan.refused, { tone: "error" });
    move.mutate(plan, {
      onError: (error) => toast.show(`Could not move ${name(active.id)}: ${error.message}. It is back where it was.`, { tone: "error" }),
    });
  }

  if (tree.isPending) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading courses">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-8 animate-pulse rounded bg-slate-100" style={{ marginLeft: `${(i % 3) * 1.75}rem` }} />
        ))}
      </div>
    );
  }
  if (tree.isError) return <Alert>Could not load the courses: {tree.error.message}</Alert>;
  const data: ProjectTree = tree.data;
  const courses = data.courses ?? [];

  const rows: ReactNode[] = [];
  for (const [i, item] of items.entries()) {
    const next = items[i + 1];
    const course = courses.find((c) => c.id === item.courseId);
    const mod = course?.modules?.find((m) => m.id === (item.kind === "module" ? item.id : item.parentId));
    rows.push(
      <TreeRow
        key={item.id}
        item={item}
        projectId={projectId}
        collapsed={collapsed.has(item.id)}
        hasChildren={item.kind === "course" ? (course?.modules?.length ?? 0) > 0 : (mod?.lessons?.length ?? 0) > 0}
        onToggle={() =>
          setCollapsed((s) => {
            const copy = new Set(s);
            if (copy.has(item.id)) copy.delete(item.id);
            else copy.add(item.id);
            return copy;
          })
        }
        onRename={(title) => run({ action: "rename", item, title })}
        onDelete={() => setPending({ kind: "delete", item })}
        onPublish={() => setPending({ kind: "publish", item })}
        onUnpublish={() => setPending({ kind: "unpublish", item })}
      />,
    );
    // "Add lesson" closes each open module, "Add module" each open course.
    const closesModule =
      (item.kind === "lesson" || (item.kind === "module" && !collapsed.has(item.id))) && next?.depth !== 2 && activeId === null;
    if (closesModule && mod && !collapsed.has(mod.id)) {
      rows.push(
        <li key={`add-lesson-${mod.id}`}>
          <AddRow label="Add lesson" depth={2} onAdd={(title) => run({ action: "createLesson", moduleId: mod.id, title })} />
        </li>,
      );
    }
    const closesCourse = !collapsed.has(item.courseId) && (next === undefined || next.depth === 0) && activeId === null;
    if (closesCourse && course) {
      rows.push(
        <li key={`add-module-${course.id}`}>
          <AddRow label="Add module" depth={1} onAdd={(title) => run({ action: "createModule", courseId: course.id, title })} />
        </li>,
      );
    }
  }

  const pendingCourse = pending ? courses.find((c) => c.id === pending.item.courseId) : undefined;

  return (
    <section aria-labelledby="tree-heading" className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="mb-2 flex items-center justify-between px-1">
        <h2 id="tree-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Courses
        </h2>
        <p className="text-xs text-slate-500">Drag the handle, or focus it and press Space, then the arrow keys.</p>
      </div>
      {courses.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-slate-500">No courses yet. Add the first one below.</p>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements }}
        onDragStart={({ active }: DragStartEvent) => setActiveId(String(active.id))}
        onDragCancel={() => setActiveId(null)}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ul aria-label="Course tree" className="space-y-0.5">
            {rows}
          </ul>
        </SortableContext>
      </DndContext>
      <AddRow label="Add course" depth={0} onAdd={(title) => run({ action: "createCourse", title })} />

      {pending?.kind === "delete" ? (
        <ConfirmDialog
          title={`Delete ${KIND_LABEL[pending.item.kind]} “${pending.item.title}”?`}
          confirmLabel="Move to trash"
          tone="danger"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const { item } = pending;
            setPending(null);
            run({ action: "delete", item }, `“${item.title}” moved to the trash.`, () =>
              run({ action: "restore", item }, `“${item.title}” restored.`),
            );
          }}
        >
          {pending.item.kind === "lesson"
            ? "The lesson and its blocks"
            : pending.item.kind === "module"
              ? "The module, its lessons and their blocks"
              : "The course with all its modules, lessons and blocks"}{" "}
          go to the trash. You can restore them from there.
        </ConfirmDialog>
      ) : null}
      {pending?.kind === "publish" ? (
        <ConfirmDialog
          title={`Publish “${pending.item.title}”?`}
          confirmLabel="Publish"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const { item } = pending;
            setPending(null);
            run({ action: "publish", item }, `“${item.title}” is published.`);
          }}
        >
          {pending.item.kind === "course" ? (
            <p>
              Learners of this workspace will see this course.{" "}
              {draftLessonsOf(pendingCourse) > 0
                ? `This publishes ${draftLessonsOf(pendingCourse)} draft lesson${draftLessonsOf(pendingCourse) === 1 ? "" : "s"}.`
                : "All its lessons are already published."}
            </p>
          ) : pendingCourse?.published_at ? (
            <p>Learners will see this lesson at once.</p>
          ) : (
            <p>Learners will see this lesson once its course “{pendingCourse?.title}” is published too.</p>
          )}
        </ConfirmDialog>
      ) : null}
      {pending?.kind === "unpublish" ? (
        <ConfirmDialog
          title={`Unpublish “${pending.item.title}”?`}
          confirmLabel="Unpublish"
          tone="danger"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const { item } = pending;
            setPending(null);
            run({ action: "unpublish", item }, `“${item.title}” is a draft again.`);
          }}
        >
          {pending.item.kind === "course"
            ? "Learners lose access to the course. Lessons keep their own state and learners keep their progress; publishing again brings it all back."
            : "Learners no longer see this lesson."}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
