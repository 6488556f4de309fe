import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import { can, roleIn } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";
import { getProductOrThrow, lockProduct, readContentItem } from "./content";

/*
 * A content item that delivers a course (issue 43, docs/decisions/068): in a proposal its quantity
 * is the number of seats, and an accepted proposal turns it into an enrolment. The course is a
 * published one of the workspace the company sells (decision 067), and the person linking it may
 * author it there. Every refusal names course_id and reads the same whether the course exists or
 * not, so nothing of a workspace leaks to someone outside it.
 */

const refuse = (message: string) => validationError([{ path: "course_id", message }]);

async function assertSellableCourse(tx: Tx, caller: Caller, companyId: number, courseId: string) {
  const { workspaceId } = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { workspaceId: true } });
  if (!workspaceId) {
    throw refuse("The company sells no workspace's courses yet: an owner chooses the workspace on the company's Members page");
  }
  const [course, role] = await Promise.all([
    tx.course.findFirst({
      where: { id: courseId, deletedAt: null, project: { workspaceId, deletedAt: null } },
      select: { publishedAt: true },
    }),
    roleIn(tx, caller, workspaceId),
  ]);
  if (!course || !role || !can(role, "content.write")) {
    throw refuse("Not a course of the company's workspace that you may author");
  }
  if (!course.publishedAt) throw refuse("Publish the course first: only a published course is sold");
}

/** PATCH /v3/content/{productId}: links the item to a course (course_id) or unlinks it (null); answers the item. */
export async function setContentCourse(tx: Tx, caller: Caller, productId: number, courseId: string | null) {
  const found = await getProductOrThrow(tx, caller, { productId });
  await lockProduct(tx, found.id);
  if (courseId !== null) await assertSellableCourse(tx, caller, found.companyId, courseId);
  await tx.product.update({ where: { id: found.id }, data: { courseId } });
  return readContentItem(tx, found.id);
}

/**
 * The courses the caller may link the company's items to: the published, untrashed courses of the
 * company's workspace, when the caller may author there (else none), by project and position.
 */
export async function sellableCourses(tx: Tx, caller: Caller, workspaceId: string | null) {
  if (!workspaceId) return [];
  const role = await roleIn(tx, caller, workspaceId);
  if (!role || !can(role, "content.write")) return [];
  const courses = await tx.course.findMany({
    where: { deletedAt: null, publishedAt: { not: null }, project: { workspaceId, deletedAt: null } },
    select: { id: true, title: true, project: { select: { name: true } } },
    orderBy: [{ project: { name: "asc" } }, { position: "asc" }],
  });
  return courses.map((c) => ({ id: c.id, title: c.title, project: c.project.name }));
}
