import type { Tx } from "@/lib/db/client";
import type { ProjectAccess } from "./access";
import { audienceOf, blockInclude, toBlockDto, toCourseDto, toLessonDto, toModuleDto } from "./dto";
import { childrenVisibleTo } from "./visibility";

/**
 * Reads courses with their modules, lessons and blocks in a fixed number of queries (one per
 * level), whatever the size of the project. The caller has loaded the project or course with
 * `access`: learners get only what is visible to them, and no answer keys.
 */
export async function readCourses(tx: Tx, where: { projectId: string } | { courseId: string }, access: ProjectAccess) {
  const visible = childrenVisibleTo(access);
  const courses = await tx.course.findMany({
    where: { ...("projectId" in where ? { projectId: where.projectId } : { id: where.courseId }), ...visible.course },
    orderBy: { position: "asc" },
    include: {
      modules: {
        where: visible.module,
        orderBy: { position: "asc" },
        include: {
          lessons: {
            where: visible.lesson,
            orderBy: { position: "asc" },
            include: { blocks: { where: visible.block, orderBy: { position: "asc" }, include: blockInclude } },
          },
        },
      },
    },
  });
  const audience = audienceOf(access);
  return courses.map((c) =>
    toCourseDto(
      c,
      c.modules.map((m) =>
        toModuleDto(
          m,
          m.lessons.map((l) =>
            toLessonDto(
              l,
              l.blocks.map((b) => toBlockDto(b, audience)),
            ),
          ),
        ),
      ),
    ),
  );
}
