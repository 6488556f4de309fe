import type { Tx } from "@/lib/db/client";
import { blockInclude, toBlockDto, toCourseDto, toLessonDto, toModuleDto, type Audience } from "./dto";

/**
 * Reads courses with their modules, lessons and blocks in a fixed number of queries (one per
 * level), whatever the size of the project. Learners get only what is published.
 */
export async function readCourses(
  tx: Tx,
  where: { projectId: string } | { courseId: string },
  audience: Audience & { publishedOnly: boolean },
) {
  const published = audience.publishedOnly ? { publishedAt: { not: null } } : {};
  const courses = await tx.course.findMany({
    where: {
      ...("projectId" in where ? { projectId: where.projectId } : { id: where.courseId }),
      deletedAt: null,
      ...published,
    },
    orderBy: { position: "asc" },
    include: {
      modules: {
        where: { deletedAt: null },
        orderBy: { position: "asc" },
        include: {
          lessons: {
            where: { deletedAt: null, ...published },
            orderBy: { position: "asc" },
            include: { blocks: { where: { deletedAt: null }, orderBy: { position: "asc" }, include: blockInclude } },
          },
        },
      },
    },
  });
  return courses.map((c) =>
    toCourseDto(
      c,
      c.modules.map((m) =>
        toModuleDto(
          m,
          m.lessons.map((l) => toLessonDto(l, l.blocks.map((b) => toBlockDto(b, audience)))),
        ),
      ),
    ),
  );
}
