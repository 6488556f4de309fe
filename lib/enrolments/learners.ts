import type { Caller } from "@/lib/api/authenticate";
import type { CsvTable } from "@/lib/api/csv";
import { AppError, notFound } from "@/lib/api/errors";
import { toIsoOrNull } from "@/lib/api/schemas";
import { visibleSql } from "@/lib/authoring/visibility";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { createInvitations } from "@/lib/invitations/create-invitations";
import type { InvitationTarget } from "@/lib/invitations/targets";
import { mailEnrolmentReady, readEnrolment, readEnrolments, type EnrolmentDto } from "./enrolments";

/**
 * The buyer's side of an enrolment (issue 43): its learning managers invite learners by email up
 * to the seats, follow their progress, free the seat of one who has not started, and add other
 * managers. A manager is any account whose verified email is one of the enrolment's managers'; to
 * anyone else an enrolment does not exist (404).
 */

/** The caller's address when they have proved it is theirs; null before. */
async function verifiedEmail(tx: Tx, caller: Caller): Promise<string | null> {
  const user = await tx.user.findUnique({ where: { id: caller.userId }, select: { email: true, emailVerifiedAt: true } });
  return user?.emailVerifiedAt ? user.email.toLowerCase() : null;
}

/** SQL over `e`: the enrolments this address manages. */
const managedBy = (email: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM enrolment_managers m WHERE m.enrolment_id = e.id AND m.email = ${email})`;

/** Whether the user manages any enrolment: the app's header then shows "Seats". */
export async function managesEnrolments(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ yes: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM users u JOIN enrolment_managers m ON m.email = lower(u.email)
      WHERE u.id = ${userId}::uuid AND u.email_verified_at IS NOT NULL) AS yes`;
  return row.yes;
}

/** The enrolments the signed-in learning manager manages, oldest first. */
export async function listManagedEnrolments(tx: Tx, caller: Caller): Promise<EnrolmentDto[]> {
  const email = await verifiedEmail(tx, caller);
  return email ? readEnrolments(tx, managedBy(email)) : [];
}

/** An enrolment the caller manages, or 404. */
export async function enrolmentToManage(tx: Tx, caller: Caller, id: string): Promise<EnrolmentDto> {
  const email = await verifiedEmail(tx, caller);
  const [dto] = email ? await readEnrolments(tx, Prisma.sql`e.id = ${id}::uuid AND ${managedBy(email)}`) : [];
  if (!dto) throw notFound("Enrolment");
  return dto;
}

/** The staff's read: the enrolments an accepted proposal made (the caller's access to it is checked first). */
export const listProposalEnrolments = (tx: Tx, proposalId: string) => readEnrolments(tx, Prisma.sql`e.proposal_id = ${proposalId}::uuid`);

async function targetOfEnrolment(tx: Tx, id: string): Promise<InvitationTarget> {
  const e = await tx.enrolment.findUniqueOrThrow({
    where: { id },
    select: { course: { select: { id: true, title: true, project: { select: { workspace: { select: { name: true } } } } } } },
  });
  return { kind: "enrolment", id, name: e.course.title, courseId: e.course.id, providerName: e.course.project.workspace.name };
}

/**
 * Invites learners to an enrolment, each taking a seat: all or nothing. The enrolment's row is
 * locked first, so parallel requests take turns and the last seat goes to exactly one of them. An
 * address that holds a seat already is answered in `already` and takes none; past the seats left,
 * 409 `seats_exhausted` invites nobody. Each new learner is mailed an invitation whose link leads
 * to the course (lib/invitations, target `enrolment`); an address whose account is verified reads
 * the course at once.
 */
export async function inviteLearners(tx: Tx, caller: Caller, id: string, emails: string[]) {
  await enrolmentToManage(tx, caller, id);
  await tx.$queryRaw`SELECT id FROM enrolments WHERE id = ${id}::uuid FOR UPDATE`;
  const { seats } = await tx.enrolment.findUniqueOrThrow({ where: { id }, select: { seats: true } });
  const unique = [...new Set(emails)];
  const holding = await tx.enrolmentLearner.findMany({ where: { enrolmentId: id }, select: { email: true } });
  const held = new Set(holding.map((l) => l.email));
  const already = unique.filter((email) => held.has(email));
  const invited = unique.filter((email) => !held.has(email));
  const left = seats - held.size;
  if (invited.length > left) {
    throw new AppError(
      "seats_exhausted",
      `${invited.length} new learner${invited.length === 1 ? "" : "s"} but ${left} seat${left === 1 ? "" : "s"} left of ${seats}: nobody was invited`,
      { seats, seats_left: left, requested: invited.length },
    );
  }
  if (invited.length) {
    await tx.enrolmentLearner.createMany({ data: invited.map((email) => ({ enrolmentId: id, email })) });
    await createInvitations(tx, { target: await targetOfEnrolment(tx, id), inviter: caller, emails: invited, role: "learner" });
  }
  return { invited: invited.map((email) => ({ email })), already: already.map((email) => ({ email })) };
}

/** Adds a learning manager (lower-case address), mailed the enrolment's link; one already a manager is left as is. */
export async function addManager(tx: Tx, caller: Caller, id: string, email: string): Promise<EnrolmentDto> {
  const enrolment = await enrolmentToManage(tx, caller, id);
  const added = await tx.enrolmentManager.createMany({ data: [{ enrolmentId: id, email }], skipDuplicates: true });
  if (added.count) await mailEnrolmentReady(tx, enrolment, email, `enrolment:${id}:manager:${email}`, caller.name);
  return readEnrolment(tx, id);
}

export type LearnerStatus = "invited" | "started" | "completed";

export type LearnerRow = {
  email: string;
  name: string | null;
  status: LearnerStatus;
  percent_complete: number;
  lessons_completed: number;
  lesson_count: number;
  quizzes: { id: string; title: string; best_percentage: number | null; passed: boolean; pass_percentage: number }[];
  completed_at: string | null;
  certificate: { id: string; issued_at: string; revoked_at: string | null } | null;
};

type ProgressRow = {
  email: string;
  name: string | null;
  lesson_count: number;
  lessons_seen: number;
  lessons_completed: number;
  last_completed_at: Date | null;
  quizzes: { id: string; title: string; pass: number; best: number | null; passed_at: string | null }[];
  certificate: { id: string; issued_at: string; revoked_at: string | null } | null;
};

/**
 * Each seat's learner with their progress in the course as learners see it now (published lessons
 * of published modules' course, nothing deleted): lessons completed, the best attempt at each quiz
 * placed in those lessons against its pass mark. `completed` when every lesson is complete and
 * every quiz passed; its time is the later of the last completion and the last first pass.
 * `started` once they opened a lesson or tried a quiz; `invited` before. An address whose account
 * is not verified yet has done nothing as this learner.
 */
export async function progressOf(tx: Tx, enrolmentId: string, emails?: string[]): Promise<LearnerRow[]> {
  const rows = await tx.$queryRaw<ProgressRow[]>`
    WITH en AS (SELECT course_id FROM enrolments WHERE id = ${enrolmentId}::uuid),
    ls AS (
      SELECT l.id FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
      WHERE c.id = (SELECT course_id FROM en) AND ${Prisma.raw(visibleSql("lesson", true))} AND ${Prisma.raw(visibleSql("module", true))}
    ),
    qz AS (
      SELECT DISTINCT z.id, z.title, z.pass_percentage FROM blocks b JOIN ls ON ls.id = b.lesson_id JOIN quizzes z ON z.id = b.quiz_id
      WHERE b.type = 'quiz' AND b.deleted_at IS NULL AND z.deleted_at IS NULL
    )
    SELECT el.email, u.name,
      (SELECT count(*)::int FROM ls) AS lesson_count,
      (SELECT count(*)::int FROM lesson_progress lp JOIN ls ON ls.id = lp.lesson_id WHERE lp.user_id = u.id) AS lessons_seen,
      (SELECT count(*)::int FROM lesson_progress lp JOIN ls ON ls.id = lp.lesson_id WHERE lp.user_id = u.id AND lp.completed_at IS NOT NULL) AS lessons_completed,
      (SELECT max(lp.completed_at) FROM lesson_progress lp JOIN ls ON ls.id = lp.lesson_id WHERE lp.user_id = u.id) AS last_completed_at,
      coalesce((SELECT json_agg(json_build_object('id', qz.id, 'title', qz.title, 'pass', qz.pass_percentage,
          'best', (SELECT max(a.percentage) FROM quiz_attempts a WHERE a.quiz_id = qz.id AND a.user_id = u.id),
          'passed_at', (SELECT min(a.created_at) FROM quiz_attempts a WHERE a.quiz_id = qz.id AND a.user_id = u.id AND a.percentage >= qz.pass_percentage))
        ORDER BY qz.title, qz.id) FROM qz), '[]') AS quizzes,
      (SELECT json_build_object('id', ce.id, 'issued_at', ce.issued_at, 'revoked_at', ce.revoked_at) FROM certificates ce
        WHERE ce.user_id = u.id AND ce.course_id = (SELECT course_id FROM en)) AS certificate
    FROM enrolment_learners el
    LEFT JOIN users u ON u.email = el.email AND u.email_verified_at IS NOT NULL
    WHERE el.enrolment_id = ${enrolmentId}::uuid ${emails ? Prisma.sql`AND el.email IN (${Prisma.join(emails)})` : Prisma.empty}
    ORDER BY el.invited_at, el.email`;
  return rows.map(toLearnerRow);
}

function toLearnerRow(r: ProgressRow): LearnerRow {
  const quizzes = r.quizzes.map((q) => ({
    id: q.id,
    title: q.title,
    best_percentage: q.best === null ? null : Math.round(q.best * 10) / 10,
    passed: q.passed_at !== null,
    pass_percentage: q.pass,
  }));
  const units = r.lesson_count + quizzes.length;
  const done = r.lessons_completed + quizzes.filter((q) => q.passed).length;
  const complete = units > 0 && done === units;
  const tried = quizzes.some((q) => q.best_percentage !== null);
  const times = [r.last_completed_at?.getTime() ?? 0, ...r.quizzes.map((q) => (q.passed_at ? Date.parse(q.passed_at) : 0))];
  return {
    email: r.email,
    name: r.name,
    status: complete ? "completed" : r.lessons_seen > 0 || tried ? "started" : "invited",
    percent_complete: units === 0 ? 0 : Math.floor((100 * done) / units),
    lessons_completed: r.lessons_completed,
    lesson_count: r.lesson_count,
    quizzes,
    completed_at: complete ? toIsoOrNull(new Date(Math.max(...times))) : null,
    certificate: r.certificate && {
      id: r.certificate.id,
      issued_at: new Date(r.certificate.issued_at).toISOString(),
      revoked_at: toIsoOrNull(r.certificate.revoked_at ? new Date(r.certificate.revoked_at) : null),
    },
  };
}

/**
 * Frees the seat of a learner who has not started, withdrawing their pending invitation: the seat
 * can go to someone else. A learner who has started keeps it: 409 `seat_in_use`. 404 for an
 * address that holds no seat here.
 */
export async function removeLearner(tx: Tx, caller: Caller, id: string, email: string) {
  await enrolmentToManage(tx, caller, id);
  await tx.$queryRaw`SELECT id FROM enrolments WHERE id = ${id}::uuid FOR UPDATE`;
  const [learner] = await progressOf(tx, id, [email]);
  if (!learner) throw notFound("Learner");
  if (learner.status !== "invited") {
    throw new AppError("seat_in_use", `${email} has started the course: a seat taken stays taken`, { status: learner.status });
  }
  await tx.enrolmentLearner.delete({ where: { enrolmentId_email: { enrolmentId: id, email } } });
  await tx.invitation.updateMany({ where: { enrolmentId: id, email, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
  return readEnrolment(tx, id);
}

/** The learners as a table: one row per seat. */
export function learnersCsv(rows: LearnerRow[], enrolment: { id: string }): CsvTable {
  return {
    filename: `enrolment-${enrolment.id}-learners.csv`,
    header: [
      "email",
      "name",
      "status",
      "percent_complete",
      "lessons_completed",
      "lesson_count",
      "quizzes_passed",
      "quiz_count",
      "completed_at",
      "certificate_id",
    ],
    rows: rows.map((r) => [
      r.email,
      r.name ?? "",
      r.status,
      r.percent_complete,
      r.lessons_completed,
      r.lesson_count,
      r.quizzes.filter((q) => q.passed).length,
      r.quizzes.length,
      r.completed_at ?? "",
      r.certificate?.id ?? "",
    ]),
  };
}
