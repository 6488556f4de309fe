"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { draftLessonsOf, PublishDialog } from "./publish-dialog";
import { KIND_LABEL, type CourseNode, type FlatItem } from "./tree-model";

/** A row action waiting for its confirmation. */
export type Pending = { kind: "delete" | "publish" | "unpublish"; item: FlatItem };

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

/** The question a delete, publish or unpublish asks before it is done; `course` is the item's course. */
export function PendingDialog({
  pending,
  course,
  projectId,
  onCancel,
  onConfirm,
}: {
  pending: Pending;
  course: CourseNode | undefined;
  projectId: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { item } = pending;
  if (pending.kind === "delete") {
    return (
      <ConfirmDialog
        title={`Delete ${KIND_LABEL[item.kind]} “${item.title}”?`}
        confirmLabel="Move to trash"
        tone="danger"
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        {item.kind === "lesson"
          ? "The lesson and its blocks"
          : item.kind === "module"
            ? "The module, its lessons and their blocks"
            : "The course with all its modules, lessons and blocks"}{" "}
        go to the trash. You can restore them from there.
      </ConfirmDialog>
    );
  }
  if (pending.kind === "publish") {
    return <PublishDialog item={item} course={course} projectId={projectId} onCancel={onCancel} onConfirm={onConfirm} />;
  }
  return (
    <ConfirmDialog title={`Unpublish “${item.title}”?`} confirmLabel="Unpublish" tone="danger" onCancel={onCancel} onConfirm={onConfirm}>
      {item.kind === "course" ? (
        <UnpublishCourseText course={course} />
      ) : (
        "Learners no longer see this lesson; their progress in it is kept. It stays a draft until you publish it, or until its course is published again: publishing a course publishes all its draft lessons."
      )}
    </ConfirmDialog>
  );
}
