"use client";

import { DndContext } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useMemo, useState, type ReactNode } from "react";
import { ExportDialog } from "@/components/course-exchange/export-dialog";
import { ImportDialog } from "@/components/course-exchange/import-dialog";
import { useOpenCommentCounts } from "@/components/review/queries";
import { ReviewLinksDialog } from "@/components/review/review-links-dialog";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { AddRow } from "./add-row";
import { useProjectTree } from "./queries";
import { PendingDialog, type Pending } from "./tree-dialogs";
import { flatten, versionsOf, type ProjectTree } from "./tree-model";
import { TreeRow } from "./tree-row";
import { useTreeDrag } from "./use-tree-drag";
import { useTreeWrites } from "./use-tree-writes";

/** The project's courses, modules and lessons as one sortable list: folded, added to, renamed, moved, published, deleted. */
export function CourseTree({ projectId }: { projectId: string }) {
  const tree = useProjectTree(projectId);
  const { run, rename } = useTreeWrites(projectId);
  const toast = useToast();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [exporting, setExporting] = useState<{ courseId: string; title: string } | null>(null);
  const [reviewing, setReviewing] = useState<{ courseId: string; title: string } | null>(null);
  const [isImporting, setIsImporting] = useState(false);

  const all = useMemo(() => (tree.data ? flatten(tree.data, new Set()) : []), [tree.data]);
  const versions = useMemo(() => (tree.data ? versionsOf(tree.data) : new Map<string, string>()), [tree.data]);
  const { activeId, dndProps } = useTreeDrag(projectId, all);
  const items = useMemo(() => (tree.data ? flatten(tree.data, collapsed, activeId ?? undefined) : []), [tree.data, collapsed, activeId]);
  const openComments = useOpenCommentCounts((tree.data?.courses ?? []).map((c) => c.id));

  if (tree.isPending) {
    return (
      <LoadingPlaceholder className="space-y-2" label="Loading courses">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-8 animate-pulse rounded bg-slate-100" style={{ marginLeft: `${(i % 3) * 1.75}rem` }} />
        ))}
      </LoadingPlaceholder>
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
        version={versions.get(item.id) ?? "*"}
        onRename={(title, ifMatch) => rename(item, title, ifMatch)}
        onRenameRefused={() => toast.show(`A title cannot be empty: “${item.title}” keeps its title.`, { tone: "error" })}
        onDelete={() => setPending({ kind: "delete", item })}
        onPublish={() => setPending({ kind: "publish", item })}
        onUnpublish={() => setPending({ kind: "unpublish", item })}
        onExport={item.kind === "course" ? () => setExporting({ courseId: item.id, title: item.title }) : undefined}
        onReviewLinks={item.kind === "course" ? () => setReviewing({ courseId: item.id, title: item.title }) : undefined}
        openComments={item.kind === "lesson" ? openComments.get(item.id) : undefined}
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

  function confirmPending({ kind, item }: Pending) {
    setPending(null);
    if (kind === "delete") {
      run({ action: "delete", item }, `“${item.title}” moved to the trash.`, () =>
        run({ action: "restore", item }, `“${item.title}” restored.`),
      );
    } else if (kind === "publish") {
      run({ action: "publish", item }, `“${item.title}” is published.`);
    } else {
      run({ action: "unpublish", item }, `“${item.title}” is a draft again.`);
    }
  }

  return (
    <section aria-labelledby="tree-heading" className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-1">
        <h2 id="tree-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Courses
        </h2>
        <p className="text-xs text-slate-500">Drag the handle, or focus it and press Space, then the arrow keys.</p>
        <button
          type="button"
          onClick={() => setIsImporting(true)}
          className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50 sm:ml-auto"
        >
          Import course
        </button>
      </div>
      {courses.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-slate-500">No courses yet. Add the first one below.</p>
      ) : null}
      <DndContext {...dndProps}>
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ul aria-label="Course tree" className="space-y-0.5">
            {rows}
          </ul>
        </SortableContext>
      </DndContext>
      <AddRow label="Add course" depth={0} onAdd={(title) => run({ action: "createCourse", title })} />

      {exporting ? <ExportDialog courseId={exporting.courseId} title={exporting.title} onClose={() => setExporting(null)} /> : null}
      {reviewing ? <ReviewLinksDialog courseId={reviewing.courseId} title={reviewing.title} onClose={() => setReviewing(null)} /> : null}
      {isImporting ? <ImportDialog projectId={projectId} onClose={() => setIsImporting(false)} /> : null}
      {pending ? (
        <PendingDialog
          key={pending.kind}
          pending={pending}
          course={courses.find((c) => c.id === pending.item.courseId)}
          projectId={projectId}
          onCancel={() => setPending(null)}
          onConfirm={() => confirmPending(pending)}
        />
      ) : null}
    </section>
  );
}
