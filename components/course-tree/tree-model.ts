import type { CourseDto, LessonDto, ModuleDto, ProjectDto } from "@/lib/client/types";

/**
 * The course tree as the API returns it (GET /projects/{id}), flattened for one sortable list, and
 * the moves it allows. The node types are the parts of the API's types the tree uses, so the model
 * takes the API's answer as it is and tests can build small trees.
 */
export type LessonNode = Pick<LessonDto, "id" | "module_id" | "title" | "position" | "published_at">;
export type ModuleNode = Pick<ModuleDto, "id" | "course_id" | "title" | "position"> & { lessons: LessonNode[] | null };
export type CourseNode = Pick<CourseDto, "id" | "title" | "position" | "published_at"> & { modules: ModuleNode[] | null };
export type ProjectTree = Pick<ProjectDto, "id" | "name"> & { courses: CourseNode[] | null };

export type Kind = "course" | "module" | "lesson";

export const KIND_LABEL: Record<Kind, string> = { course: "course", module: "module", lesson: "lesson" };

/** An item as the tree names it to people: "lesson Intro". */
export const itemLabel = (item: Pick<FlatItem, "kind" | "title">) => `${KIND_LABEL[item.kind]} ${item.title}`;
export type FlatItem = {
  id: string;
  kind: Kind;
  title: string;
  depth: 0 | 1 | 2;
  parentId: string | null;
  courseId: string;
  index: number;
  published: boolean;
};

export function flatten(tree: ProjectTree, collapsed: Set<string>, hideChildrenOf?: string): FlatItem[] {
  const out: FlatItem[] = [];
  for (const [ci, c] of (tree.courses ?? []).entries()) {
    out.push({
      id: c.id,
      kind: "course",
      title: c.title,
      depth: 0,
      parentId: null,
      courseId: c.id,
      index: ci,
      published: !!c.published_at,
    });
    if (collapsed.has(c.id) || hideChildrenOf === c.id) continue;
    for (const [mi, m] of (c.modules ?? []).entries()) {
      out.push({ id: m.id, kind: "module", title: m.title, depth: 1, parentId: c.id, courseId: c.id, index: mi, published: false });
      if (collapsed.has(m.id) || hideChildrenOf === m.id) continue;
      for (const [li, l] of (m.lessons ?? []).entries()) {
        out.push({
          id: l.id,
          kind: "lesson",
          title: l.title,
          depth: 2,
          parentId: m.id,
          courseId: c.id,
          index: li,
          published: !!l.published_at,
        });
      }
    }
  }
  return out;
}

type Versioned = { id: string; updated_at: string };
type VersionedTree = { courses: (Versioned & { modules: (Versioned & { lessons: Versioned[] | null })[] | null })[] | null };

/**
 * Each course, module and lesson's `updated_at` as the tree last read it, by id: what a rename is
 * based on (If-Match). Built once per read of the tree, so each row finds its own in one look-up.
 */
export function versionsOf(tree: VersionedTree): Map<string, string> {
  const versions = new Map<string, string>();
  for (const c of tree.courses ?? []) {
    versions.set(c.id, c.updated_at);
    for (const m of c.modules ?? []) {
      versions.set(m.id, m.updated_at);
      for (const l of m.lessons ?? []) versions.set(l.id, l.updated_at);
    }
  }
  return versions;
}

export type Move =
  | { kind: "course"; id: string; position: number }
  | { kind: "module"; id: string; courseId: string; position: number }
  | { kind: "lesson"; id: string; fromModuleId: string; toModuleId: string; position: number };

/** What dropping `active` on `over` means, or why it is not allowed. */
export function planMove(items: FlatItem[], activeId: string, overId: string): Move | { refused: string } | null {
  if (activeId === overId) return null;
  const active = items.find((i) => i.id === activeId);
  const over = items.find((i) => i.id === overId);
  if (!active || !over) return null;
  if (active.kind === "course") {
    const target = items.find((i) => i.kind === "course" && i.id === over.courseId)!;
    return target.index === active.index ? null : { kind: "course", id: active.id, position: target.index };
  }
  if (active.kind === "module") {
    if (over.courseId !== active.courseId) return { refused: "A module stays in its course: create it in the other course instead." };
    if (over.kind === "course")
      return active.index === 0 ? null : { kind: "module", id: active.id, courseId: active.courseId, position: 0 };
    const targetModule = over.kind === "module" ? over : items.find((i) => i.id === over.parentId)!;
    return targetModule.index === active.index
      ? null
      : { kind: "module", id: active.id, courseId: active.courseId, position: targetModule.index };
  }
  if (over.courseId !== active.courseId) return { refused: "A lesson moves between modules of its own course only." };
  if (over.kind === "course") return { refused: "Drop a lesson on a module or among its lessons." };
  if (over.kind === "module") {
    // Dropped on a module's row: first in that module (or last, moving down into the module above's end).
    return { kind: "lesson", id: active.id, fromModuleId: active.parentId!, toModuleId: over.id, position: 0 };
  }
  if (over.parentId === active.parentId && over.index === active.index) return null;
  return { kind: "lesson", id: active.id, fromModuleId: active.parentId!, toModuleId: over.parentId!, position: over.index };
}

function moveInArray<T>(list: T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(Math.min(to, copy.length), 0, item);
  return copy;
}

const renumber = <T extends { position: number }>(list: T[]) => list.map((item, position) => ({ ...item, position }));

/** The tree after a move, as the server will have it: for an optimistic update. */
export function applyMove<T extends ProjectTree>(tree: T, move: Move): T {
  return applyMoveToTree(tree, move) as T;
}

// Every node is copied with its spread, so fields the model does not name are kept.
function applyMoveToTree(tree: ProjectTree, move: Move): ProjectTree {
  const courses = tree.courses ?? [];
  if (move.kind === "course") {
    const from = courses.findIndex((c) => c.id === move.id);
    return { ...tree, courses: renumber(moveInArray(courses, from, move.position)) };
  }
  return {
    ...tree,
    courses: courses.map((course) => {
      const modules = course.modules ?? [];
      if (move.kind === "module") {
        if (course.id !== move.courseId) return course;
        const from = modules.findIndex((m) => m.id === move.id);
        return { ...course, modules: renumber(moveInArray(modules, from, move.position)) };
      }
      const lesson = modules.flatMap((m) => m.lessons ?? []).find((l) => l.id === move.id);
      if (!lesson) return course;
      return {
        ...course,
        modules: modules.map((m) => {
          let lessons = m.lessons ?? [];
          if (m.id === move.fromModuleId) lessons = lessons.filter((l) => l.id !== move.id);
          if (m.id === move.toModuleId) {
            lessons = [...lessons];
            lessons.splice(Math.min(move.position, lessons.length), 0, { ...lesson, module_id: m.id });
          }
          return { ...m, lessons: renumber(lessons) };
        }),
      };
    }),
  };
}
