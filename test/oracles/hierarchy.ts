import type { Caller } from "@/lib/api/authenticate";
import { getProjectOrThrow, type ProjectAccess } from "@/lib/authoring/access";
import { audienceOf, blockInclude, toBlockDto, toCourseDto, toLessonDto, toModuleDto } from "@/lib/authoring/dto";
import { getCourseOrThrow } from "@/lib/authoring/load";
import { toProjectDto } from "@/lib/authoring/projects/projects";
import { childrenVisibleTo } from "@/lib/authoring/visibility";
import type { Tx } from "@/lib/db/client";

/**
 * The object path of the course-tree reads: Prisma rows and the DTO functions, what the API
 * answered before the database built the JSON (lib/authoring/tree-json.ts). Production no longer
 * uses it; test/integration/tree-json.test.ts holds the JSON path equal to it, field for field.
 */

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

/** The project with its whole hierarchy: courses, modules, lessons, blocks. */
export async function getProject(tx: Tx, caller: Caller, projectId: string) {
  const access = await getProjectOrThrow({ tx, caller, projectId });
  const project = await tx.project.findUniqueOrThrow({ where: { id: projectId }, include: { workspace: true } });
  const courses = await readCourses(tx, { projectId }, access);
  return { ...toProjectDto(project), courses };
}

/** The course with its modules, lessons and blocks (the object path, which getCourseTree's test holds it equal to). */
export async function getCourse(tx: Tx, caller: Caller, courseId: string) {
  const { access } = await getCourseOrThrow({ tx, caller, courseId, ifHidden: "forbidden" });
  const [course] = await readCourses(tx, { courseId }, access);
  return course;
}
