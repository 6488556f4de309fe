import { toIso } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { enrolmentReadyMail } from "@/lib/mail/templates/enrolment";
import { choicesOf } from "@/lib/proposals/proposals/block-choices";
import type { StoredBlock } from "@/lib/proposals/proposals/blocks";
import { enqueueCompanyEvent } from "@/lib/webhooks/events";

/**
 * Enrolments (issue 43, docs/decisions/069): when a proposal that sells courses is accepted, each
 * course block the buyer kept becomes an enrolment, a pool of seats of that course with the accepted
 * quantity. The proposal's recipient manages it: they invite learners by email on the buyer's page
 * (/enrolments/{id}), and may add other managers.
 */

/** An enrolment as every answer shows it. */
export type EnrolmentDto = {
  id: string;
  proposal_uuid: string;
  course: { id: string; title: string };
  provider: { name: string };
  seats: number;
  seats_used: number;
  managers: { email: string }[];
  created_at: string;
};

/** The enrolments `where` selects (SQL over `e`), as DTOs, oldest first. */
export async function readEnrolments(tx: Tx, where: Prisma.Sql): Promise<EnrolmentDto[]> {
  const rows = await tx.$queryRaw<
    {
      id: string;
      proposal_id: string;
      course_id: string;
      course_title: string;
      provider: string;
      seats: number;
      seats_used: number;
      managers: string[];
      created_at: Date;
    }[]
  >`
    SELECT e.id, e.proposal_id, e.course_id, c.title AS course_title, w.name AS provider, e.seats, e.created_at,
      (SELECT count(*)::int FROM enrolment_learners el WHERE el.enrolment_id = e.id) AS seats_used,
      ARRAY(SELECT m.email FROM enrolment_managers m WHERE m.enrolment_id = e.id ORDER BY m.created_at, m.email) AS managers
    FROM enrolments e
    JOIN courses c ON c.id = e.course_id
    JOIN projects p ON p.id = c.project_id
    JOIN workspaces w ON w.id = p.workspace_id
    WHERE ${where}
    ORDER BY e.created_at, e.id`;
  return rows.map((r) => ({
    id: r.id,
    proposal_uuid: r.proposal_id,
    course: { id: r.course_id, title: r.course_title },
    provider: { name: r.provider },
    seats: r.seats,
    seats_used: r.seats_used,
    managers: r.managers.map((email) => ({ email })),
    created_at: toIso(r.created_at),
  }));
}

export async function readEnrolment(tx: Tx, id: string): Promise<EnrolmentDto> {
  const [dto] = await readEnrolments(tx, Prisma.sql`e.id = ${id}::uuid`);
  return dto;
}

/** Mails a manager the link to the enrolment's buyer's page, through the outbox: at most once per `dedupeKey`. */
export async function mailEnrolmentReady(tx: Tx, enrolment: EnrolmentDto, to: string, dedupeKey: string, senderName?: string) {
  await enqueueMail(tx, {
    kind: "enrolment_ready",
    to,
    content: enrolmentReadyMail({
      to,
      courseTitle: enrolment.course.title,
      providerName: enrolment.provider.name,
      seats: enrolment.seats,
      url: appLink(`/enrolments/${enrolment.id}`),
    }),
    ...(senderName ? { senderName } : {}),
    dedupeKey,
  });
}

/** A course block's seats: its accepted quantity, whole; none when the buyer left an optional block out. */
export function seatsOf(block: StoredBlock): number {
  const choices = choicesOf(block);
  if (!block.course || !choices.selected) return 0;
  return Math.max(0, Math.floor(choices.quantity));
}

/**
 * Makes the enrolments of a proposal being accepted, in the acceptance's transaction (both ways of
 * accepting: the customer's page and the staff's POST .../accept): one per course block with seats,
 * for a course that still exists. Made at most once per block (the unique (proposal, block) pair):
 * an acceptance retried after a crash, or run twice, makes none twice. For each one made, the
 * recipient becomes its manager, is mailed a link to the buyer's page through the outbox, and the
 * company's webhooks get `enrolment.created`; all of it commits with the acceptance or not at all.
 */
export async function createEnrolments(tx: Tx, proposalId: string): Promise<EnrolmentDto[]> {
  const [proposal] = await tx.$queryRaw<{ company_id: number; blocks: StoredBlock[]; recipient_email: string | null }[]>`
    SELECT p.company_id, p.blocks, lower(trim(ct.email)) AS recipient_email
    FROM proposals p LEFT JOIN contacts ct ON ct.id = p.recipient_id
    WHERE p.id = ${proposalId}::uuid`;
  if (!proposal) return [];
  const made: EnrolmentDto[] = [];
  for (const block of proposal.blocks) {
    const seats = seatsOf(block);
    if (seats === 0) continue;
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO enrolments (id, proposal_id, block_uuid, company_id, course_id, seats)
      SELECT gen_random_uuid(), ${proposalId}::uuid, ${block.uuid}, ${proposal.company_id}, c.id, ${seats}
      FROM courses c WHERE c.id = ${block.course!.id}::uuid
      ON CONFLICT (proposal_id, block_uuid) DO NOTHING
      RETURNING id`;
    if (!row) continue;
    const manager = proposal.recipient_email;
    if (manager && isMailAddress(manager)) {
      await tx.enrolmentManager.create({ data: { enrolmentId: row.id, email: manager } });
    }
    const dto = await readEnrolment(tx, row.id);
    if (manager && isMailAddress(manager)) await mailEnrolmentReady(tx, dto, manager, `enrolment:${row.id}`);
    await enqueueCompanyEvent(tx, proposal.company_id, "enrolment.created", async () => ({ enrolment: dto, proposal_uuid: proposalId }));
    made.push(dto);
  }
  return made;
}
