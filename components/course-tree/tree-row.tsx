"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import Link from "next/link";
import type { ReactNode } from "react";
import { ConflictChoiceDialog } from "@/components/conflicts/conflict-dialog";
import { GripIcon } from "@/components/ui/icons";
import { InlineInput } from "./inline-input";
import type { TitledVersion } from "./queries";
import { indent, titleClass } from "./row-layout";
import { itemLabel, KIND_LABEL, type FlatItem } from "./tree-model";
import { useRowRename } from "./use-row-rename";

function Badge({ published }: { published: boolean }) {
  return published ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Published</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Draft</span>
  );
}

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

type RowProps = {
  item: FlatItem;
  projectId: string;
  collapsed: boolean;
  hasChildren: boolean;
  /** The item's `updated_at` as the tree last read it: what a rename is based on (If-Match). */
  version: string;
  onToggle: () => void;
  /** Sends a typed title with `If-Match: ifMatch`. */
  onRename: (title: string, ifMatch: string) => Promise<TitledVersion>;
  onRenameRefused: () => void;
  onDelete: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
  /** Courses only: opens the export dialog. */
  onExport?: () => void;
  /** Courses only: opens the review links dialog. */
  onReviewLinks?: () => void;
  /** Lessons only: their open comment threads. */
  openComments?: number;
};

/** A course, module or lesson in the tree: its drag handle, fold toggle, title (renamed in place) and actions. */
export function TreeRow({
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
  onExport,
  onReviewLinks,
  openComments,
}: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const renaming = useRowRename({ item, version, onRename });
  const label = itemLabel(item);

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
      {renaming.isRenaming ? (
        <InlineInput
          label={`New title for ${label}`}
          initial={item.title}
          onCancel={renaming.cancel}
          onEmptyLeft={onRenameRefused}
          onSubmit={(title) => void renaming.rename(title)}
        />
      ) : item.kind === "lesson" ? (
        <Link href={`/projects/${projectId}/lessons/${item.id}`} className={`${titleClass} text-sm hover:text-brand-600`}>
          {item.title}
        </Link>
      ) : (
        <span className={`${titleClass} ${item.kind === "course" ? "font-semibold" : "text-sm font-medium"}`}>{item.title}</span>
      )}
      <span className="ml-auto flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
        {openComments ? (
          <span
            className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800"
            aria-label={`${openComments} open ${openComments === 1 ? "comment" : "comments"}`}
          >
            💬 {openComments}
          </span>
        ) : null}
        {item.kind !== "module" ? <Badge published={item.published} /> : null}
        <span className="flex gap-1">
          {item.kind === "module" ? null : item.published ? (
            <RowAction name={`Unpublish ${label}`} onClick={onUnpublish}>
              Unpublish
            </RowAction>
          ) : (
            <RowAction name={`Publish ${label}`} onClick={onPublish} tone="text-emerald-700 hover:bg-emerald-50">
              Publish
            </RowAction>
          )}
          {item.kind === "course" && onExport ? (
            <RowAction name={`Export ${label}`} onClick={onExport}>
              Export
            </RowAction>
          ) : null}
          {item.kind === "course" && onReviewLinks ? (
            <RowAction name={`Review links for ${label}`} onClick={onReviewLinks}>
              Review
            </RowAction>
          ) : null}
          <RowAction name={`Rename ${label}`} onClick={renaming.start}>
            Rename
          </RowAction>
          <RowAction name={`Delete ${label}`} onClick={onDelete} tone="text-red-700 hover:bg-red-50">
            Delete
          </RowAction>
        </span>
      </span>
      <ConflictChoiceDialog
        choice={renaming.choice}
        describe={({ theirs, mine, base }) => ({
          itemLabel: `The title of ${KIND_LABEL[item.kind]} “${base.value}”`,
          theirs: theirs.title,
          mine,
        })}
      />
    </li>
  );
}
