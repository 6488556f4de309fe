import { entityTag } from "@/lib/api/answer-cache";
import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import { JsonText, matchesIfNoneMatch, NotModified } from "@/lib/api/prebuilt";
import { paged, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { getProjectOrThrow, isLearner } from "../access";
import { audienceOf, toCourseDto } from "../dto";
import { getCourseOrThrow } from "../load";
import { insertAt, moveTo } from "../positions";
import { trashItem } from "../trash/batches";
import { courseBody, courseReadKind, courseVersion } from "../tree-fragments";
import { childrenVisibleTo } from "../visibility";
import type { CourseDto } from "./schemas";

type CourseInput = { title?: string; description?: string; sources?: CourseDto["sources"]; position?: number };

export async function listCourses(tx: Tx, caller: Caller, projectId: string, page: Page) {
  const access = await getProjectOrThrow({ tx, caller, projectId });
  const rows = await tx.course.findMany({
    where: { projectId, ...childrenVisibleTo(access).course },
    orderBy: { position: "asc" },
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return { courses: items.map((c) => toCourseDto(c)), ...rest };
}

export async function createCourse(tx: Tx, caller: Caller, projectId: string, input: CourseInput & { title: string }) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.write" });
  const position = await insertAt(tx, "course", projectId, input.position);
  const course = await tx.course.create({
    data: { projectId, title: input.title, description: input.description ?? "", sources: input.sources ?? [], position },
  });
  return toCourseDto(course);
}

/**
 * The course with its modules, lessons and blocks, as the API answers it: its rendering as the
 * project read splices it (../tree-fragments.ts), named by an entity tag of the course's own content
 * version (docs/decisions/016-project-reads.md, 048-tree-fragments.md).
 */
export async function getCourseTree(
  tx: Tx,
  caller: Caller,
  courseId: string,
  { ifNoneMatch, outline = false }: { ifNoneMatch?: string | null; outline?: boolean } = {},
) {
  const { access } = await getCourseOrThrow({ tx, caller, courseId, ifHidden: "forbidden" });
  const version = await courseVersion(tx, courseId);
  if (version === undefined) throw notFound("Course");
  const read = { learner: isLearner(access), audience: audienceOf(access), outline };
  const etag = entityTag(courseReadKind(read), version, courseId);
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return new NotModified(etag);
  const built = await courseBody(tx, { id: courseId, version }, read);
  return built.current ? new JsonText(built.body, etag) : new JsonText(built.body);
}

/** The course as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getCourseForUpdate(tx: Tx, caller: Caller, courseId: string) {
  return toCourseDto((await getCourseOrThrow({ tx, caller, courseId, action: "content.write" })).course);
}

export async function updateCourse(tx: Tx, caller: Caller, courseId: string, input: CourseInput) {
  const { course } = await getCourseOrThrow({ tx, caller, courseId, action: "content.write" });
  await moveTo(tx, "course", courseId, { fromParentId: course.projectId, position: input.position });
  const updated = await tx.course.update({
    where: { id: courseId },
    data: { title: input.title, description: input.description, sources: input.sources, updatedAt: new Date() },
  });
  return toCourseDto(updated);
}

export async function deleteCourse(tx: Tx, caller: Caller, courseId: string) {
  const { course, access } = await getCourseOrThrow({ tx, caller, courseId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "course", id: course.id });
}

/** Publishes the course and every draft lesson in it; a published course keeps its published_at. */
export async function publishCourse(tx: Tx, caller: Caller, courseId: string) {
  const { course } = await getCourseOrThrow({ tx, caller, courseId, action: "content.publish" });
  const now = new Date();
  await tx.lesson.updateMany({
    where: { publishedAt: null, deletedAt: null, module: { courseId, deletedAt: null } },
    data: { publishedAt: now },
  });
  const updated = await tx.course.update({ where: { id: courseId }, data: { publishedAt: course.publishedAt ?? now } });
  return toCourseDto(updated);
}

/** Hides the course from learners; lessons keep their own state, learners keep their progress. */
export async function unpublishCourse(tx: Tx, caller: Caller, courseId: string) {
  await getCourseOrThrow({ tx, caller, courseId, action: "content.publish" });
  const updated = await tx.course.update({ where: { id: courseId }, data: { publishedAt: null } });
  return toCourseDto(updated);
}
