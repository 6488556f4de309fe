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
import { useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { baseOf, saveOnVersion, type BaseVersion, type VersionedSave } from "@/components/conflicts/save-on-version";
import { ConflictDialog } from "@/components/lesson-editor/conflict-dialog";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GripIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { draftLessonsOf, PublishDialog } from "./publish-dialog";
import { useMoveItem, useProjectTree, useTreeChange, type TitledVersion, type TreeChange } from "./queries";
import { flatten, planMove, type CourseNode, type FlatItem, type Kind, type ProjectTree } from "./tree-model";

const KIND_LABEL: Record<Kind, string> = { course: "course", module: "module", lesson: "lesson" };

/** Indents a row by its depth (--depth): 1rem a level on a phone, 1.75rem from the sm breakpoint. */
const indent = (depth: number) => ({ "--depth": depth }) as CSSProperties;

/**
 * A row's title. On a phone it fills the first line (its basis leaves room for the handle and the
 * toggle only), so the badge and actions wrap to a line of their own and a long title wraps whole;
 * from sm up the row is one line and the title is cut with an ellipsis.
 */
const titleClass = "min-w-0 flex-[1_1_calc(100%-4rem)] wrap-anywhere sm:flex-[1_1_0%] sm:truncate";

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
  onEmptyLeft,
}: {
  label: string;
  initial?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  /** Focus left an emptied title: the input closes and the old title stays, so the caller says so. */
  onEmptyLeft?: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [isEmptyRefused, setEmptyRefused] = useState(false);
  const errorId = useId();
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <input
        aria-label={label}
        autoFocus
        value={value}
        maxLength={200}
        aria-invalid={isEmptyRefused || undefined}
        aria-describedby={isEmptyRefused ? errorId : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          if (e.target.value.trim()) setEmptyRefused(false);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            if (value.trim()) onSubmit(value.trim());
            else setEmptyRefused(true);
          }
          if (e.key === "Escape") onCancel();
        }}
        onBlur={() => {
          if (value.trim() && value.trim() !== initial) return onSubmit(value.trim());
          if (!value.trim() && initial) onEmptyLeft?.();
          onCancel();
        }}
        className="min-w-0 rounded border border-brand-500 bg-white px-2 py-1 text-sm aria-[invalid]:border-red-500"
      />
      {isEmptyRefused ? (
        <span id={errorId} role="alert" className="mt-0.5 text-xs text-red-700">
          {initial ? `A title cannot be empty: type one, or press Escape to keep “${initial}”.` : "Type a title first, or press Escape."}
        </span>
      ) : null}
    </span>
  );
}

function AddRow({ label, depth, onAdd }: { label: string; depth: number; onAdd: (title: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div
      className="flex items-center py-1 pl-[calc(var(--depth)*1rem+2.25rem)] sm:pl-[calc(var(--depth)*1.75rem+2.25rem)]"
      style={indent(depth)}
    >
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
  /** The item's `updated_at` as the tree last read it: what a rename is based on (If-Match). */
  version: string;
  onToggle: () => void;
  /** Saves a title typed over `base`; undefined when it failed for another reason (the tree says why). */
  onRename: (title: string, base: BaseVersion<string>) => Promise<VersionedSave<TitledVersion> | undefined>;
  onRenameRefused: () => void;
  onDelete: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
};

/** One of a row's actions: a short word on screen, the item named for screen readers. */
function RowAction({
  name,
  onClick,
  tone = "hover:bg-slate-200",
  children,
}: {
  name: string;
  onClick: () => void;
  tone?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" onClick={onClick} className={`rounded px-2 py-0.5 text-xs ${tone}`} aria-label={name}>
      {children}
    </button>
  );
}

function TreeRow({
  item,
  projectId,
  collapsed,
  hasChildren,
  version,
  onToggle,
  onRename,
  onRenameRefused,
  onDelete,
  onPublish,
  onUnpublish,
}: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const [renaming, setRenaming] = useState(false);
  const toast = useToast();
  // The version the typed title is based on, taken when renaming starts (docs/decisions/011).
  const base = useRef<BaseVersion<string>>({ updatedAt: version, value: item.title });
  const [conflict, setConflict] = useState<{ theirs: TitledVersion; mine: string; was: string }>();
  // A save under way or a choice open: leaving the input (the dialog takes focus) must not send it again.
  const isBusy = useRef(false);
  const label = `${KIND_LABEL[item.kind]} ${item.title}`;

  function startRenaming() {
    base.current = { updatedAt: version, value: item.title };
    setRenaming(true);
  }

  async function rename(title: string) {
    if (isBusy.current) return;
    isBusy.current = true;
    const on = base.current;
    const result = await onRename(title, on);
    if (result?.outcome === "conflict") return setConflict({ theirs: result.item, mine: title, was: on.value });
    isBusy.current = false;
    if (result) base.current = baseOf(result.item, (i) => i.title);
    setRenaming(false);
  }

  function keepMine() {
    if (!conflict) return;
    base.current = baseOf(conflict.theirs, (i) => i.title);
    setConflict(undefined);
    isBusy.current = false;
    void rename(conflict.mine);
  }

  function takeTheirs() {
    if (!conflict) return;
    const { theirs, mine } = conflict;
    base.current = baseOf(theirs, (i) => i.title);
    setConflict(undefined);
    isBusy.current = false;
    setRenaming(false);
    toast.show(`The ${KIND_LABEL[item.kind]} keeps the other title, “${theirs.title}”.`, {
      action: { label: "Undo", run: () => void rename(mine) },
    });
  }
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, ...indent(item.depth) }}
      className={`group flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md py-1 pr-2 pl-[calc(var(--depth)*1rem)] sm:flex-nowrap sm:pl-[calc(var(--depth)*1.75rem)] ${isDragging ? "relative z-10 bg-white opacity-80 shadow-lg ring-1 ring-brand-100" : "hover:bg-slate-50"}`}
      aria-label={label}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${label}`}
        className="shrink-0 cursor-grab touch-none rounded px-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:text-slate-700"
      >
        <GripIcon width={14} height={14} />
      </button>
      {item.kind !== "lesson" ? (
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={`${collapsed ? "Expand" : "Collapse"} ${label}`}
          className={`w-5 shrink-0 text-slate-500 ${hasChildren ? "" : "invisible"}`}
        >
          {collapsed ? "▸" : "▾"}
        </button>
      ) : (
        <span className="w-5 shrink-0" aria-hidden>
          •
        </span>
      )}
      {renaming ? (
        <InlineInput
          label={`New title for ${label}`}
          initial={item.title}
          onCancel={() => setRenaming(false)}
          onEmptyLeft={onRenameRefused}
          onSubmit={(title) => void rename(title)}
        />
      ) : item.kind === "lesson" ? (
        <Link href={`/projects/${projectId}/lessons/${item.id}`} className={`${titleClass} text-sm hover:text-brand-600`}>
          {item.title}
        </Link>
      ) : (
        <span className={`${titleClass} ${item.kind === "course" ? "font-semibold" : "text-sm font-medium"}`}>{item.title}</span>
      )}
      <span className="ml-auto flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
        {item.kind !== "module" ? <Badge published={item.published} /> : null}
        <span className="flex gap-1 opacity-70 group-focus-within:opacity-100 group-hover:opacity-100">
          {item.kind === "module" ? null : item.published ? (
            <RowAction name={`Unpublish ${label}`} onClick={onUnpublish}>
              Unpublish
            </RowAction>
          ) : (
            <RowAction name={`Publish ${label}`} onClick={onPublish} tone="text-emerald-700 hover:bg-emerald-50">
              Publish
            </RowAction>
          )}
          <RowAction name={`Rename ${label}`} onClick={startRenaming}>
            Rename
          </RowAction>
          <RowAction name={`Delete ${label}`} onClick={onDelete} tone="text-red-700 hover:bg-red-50">
            Delete
          </RowAction>
        </span>
      </span>
      {conflict ? (
        <ConflictDialog
          open
          itemLabel={`The title of ${KIND_LABEL[item.kind]} “${conflict.was}”`}
          theirs={conflict.theirs.title}
          theirsSavedAt={conflict.theirs.updated_at}
          mine={conflict.mine}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
          onClose={() => {
            // The typed title stays in its input, unsaved.
            isBusy.current = false;
            setConflict(undefined);
          }}
        />
      ) : null}
    </li>
  );
}

const quoted = (titles: string[]) => titles.map((t) => `“${t}”`).join(", ");

/**
 * What unpublishing a course does, and what publishing it again will do (contract.md, Publishing):
 * lessons keep their own state now, but a course publish publishes every draft lesson.
 */
function UnpublishCourseText({ course }: { course: CourseNode | undefined }) {
  const drafts = draftLessonsOf(course);
  const shown = drafts.slice(0, 3).map((l) => l.title);
  const more = drafts.length - shown.length;
  return (
    <>
      <p>
        Learners lose access to the course and all its lessons at once; their progress is kept. Its lessons stay as they are, published or
        draft.
      </p>
      <p className="mt-2">
        Publishing the course again publishes it together with every lesson that is a draft at that time
        {drafts.length > 0
          ? `, including ${drafts.length === 1 ? "the draft" : `the ${drafts.length} drafts`} ${quoted(shown)}${more > 0 ? ` and ${more} more` : ""}`
          : ""}
        . To keep a lesson hidden then, unpublish it again afterwards.
      </p>
    </>
  );
}

type Pending = { kind: "publish" | "unpublish"; item: FlatItem } | { kind: "delete"; item: FlatItem } | null;

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

  /** A course, module or lesson's `updated_at` as the tree last read it. */
  function versionOf(id: string): string {
    for (const c of tree.data?.courses ?? []) {
      if (c.id === id) return c.updated_at;
      for (const m of c.modules ?? []) {
        if (m.id === id) return m.updated_at;
        for (const l of m.lessons ?? []) if (l.id === id) return l.updated_at;
      }
    }
    return "*";
  }

  /** Renames with If-Match; a title saved elsewhere meanwhile comes back as a conflict for the row to ask about. */
  async function renameItem(item: FlatItem, title: string, base: BaseVersion<string>) {
    try {
      return await saveOnVersion({
        base,
        mine: title,
        partOf: (saved: TitledVersion) => saved.title,
        send: (ifMatch) => write.mutateAsync({ action: "rename", item, title, ifMatch }) as Promise<TitledVersion>,
      });
    } catch (error) {
      toast.show((error as Error).message, { tone: "error" });
      return undefined;
    }
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
        version={versionOf(item.id)}
        onRename={(title, base) => renameItem(item, title, base)}
        onRenameRefused={() => toast.show(`A title cannot be empty: “${item.title}” keeps its title.`, { tone: "error" })}
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
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-1">
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
        <PublishDialog
          item={pending.item}
          course={pendingCourse}
          projectId={projectId}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const { item } = pending;
            setPending(null);
            run({ action: "publish", item }, `“${item.title}” is published.`);
          }}
        />
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
          {pending.item.kind === "course" ? (
            <UnpublishCourseText course={pendingCourse} />
          ) : (
            "Learners no longer see this lesson; their progress in it is kept. It stays a draft until you publish it, or until its course is published again: publishing a course publishes all its draft lessons."
          )}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
