import { SignJWT } from "jose";
import { toIso, toIsoOrNull } from "@/lib/api/schemas";
import type { Db, Tx } from "@/lib/db/client";
import { progressOf } from "@/lib/enrolments/learners";
import { appOrigin } from "@/lib/mail/app-url";
import { sha256Hex } from "@/lib/proposals/acceptance/frozen-document";
import { enqueueCompanyEvent } from "@/lib/webhooks/events";
import { renderCertificatePdf } from "./certificate-pdf";
import { currentSigningKey, SIGNING_ALG } from "./signing-keys";

/**
 * Certificates of completion (issue 43, docs/decisions/070). A seat holder who completes the course
 * of their seat (every published lesson complete, every quiz in them passed at its pass mark) is
 * issued one certificate, once: (learner, course) is unique. It keeps what it certifies as it was
 * then (their name as entered, the course's title, the provider, the date), its PDF, made then and
 * served as stored, and an Open Badges 3.0 credential, a VC-JWT signed with the instance's key.
 */

export type CertificateDto = {
  id: string;
  course: { id: string; title: string };
  provider: { name: string };
  learner: { name: string; email: string };
  completed_at: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  pdf_sha256: string;
  verify_url: string;
};

type Row = {
  id: string;
  courseId: string;
  courseTitle: string;
  providerName: string;
  learnerName: string;
  learnerEmail: string;
  completedAt: Date;
  issuedAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  pdfSha256: string;
};

export const toCertificateDto = (c: Row): CertificateDto => ({
  id: c.id,
  course: { id: c.courseId, title: c.courseTitle },
  provider: { name: c.providerName },
  learner: { name: c.learnerName, email: c.learnerEmail },
  completed_at: toIso(c.completedAt),
  issued_at: toIso(c.issuedAt),
  revoked_at: toIsoOrNull(c.revokedAt),
  revoked_reason: c.revokedReason,
  pdf_sha256: c.pdfSha256,
  verify_url: `${appOrigin()}/verify`,
});

/** The columns a DTO reads: never the PDF's bytes or the credential. */
export const certificateSelect = {
  id: true,
  courseId: true,
  courseTitle: true,
  providerName: true,
  learnerName: true,
  learnerEmail: true,
  completedAt: true,
  issuedAt: true,
  revokedAt: true,
  revokedReason: true,
  pdfSha256: true,
} as const;

/** The Open Badges 3.0 credential's claims (an OpenBadgeCredential in the VC data model 2.0). */
function openBadgeCredential(facts: {
  id: string;
  userId: string;
  learnerName: string;
  courseId: string;
  courseTitle: string;
  providerName: string;
  issuedAt: Date;
}) {
  const origin = appOrigin();
  return {
    "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
    id: `urn:uuid:${facts.id}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    issuer: { id: origin, type: ["Profile"], name: facts.providerName },
    validFrom: facts.issuedAt.toISOString(),
    name: `${facts.courseTitle}: certificate of completion`,
    credentialSubject: {
      id: `urn:uuid:${facts.userId}`,
      type: ["AchievementSubject"],
      name: facts.learnerName,
      achievement: {
        id: `${origin}/achievements/${facts.courseId}`,
        type: ["Achievement"],
        name: facts.courseTitle,
        description: `Completion of the course "${facts.courseTitle}" by ${facts.providerName}.`,
        criteria: { narrative: "Every published lesson of the course completed, and every quiz in them passed at its pass mark." },
      },
    },
  };
}

/** Signs the credential as a VC-JWT (VC-JOSE-COSE): the claims are the credential; iss, sub, jti and iat repeat them. */
async function signCredential(db: Db, credential: ReturnType<typeof openBadgeCredential>, issuedAt: Date) {
  const { kid, key } = await currentSigningKey(db);
  const jwt = await new SignJWT(credential)
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: "vc+jwt", cty: "vc" })
    .setIssuer(credential.issuer.id)
    .setSubject(credential.credentialSubject.id)
    .setJti(credential.id)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setNotBefore(Math.floor(issuedAt.getTime() / 1000))
    .sign(key);
  return { kid, jwt };
}

/**
 * Issues the certificates the user has earned and not been issued: for each seat their verified
 * address holds, when its course is complete. The PDF and the credential are made first, outside
 * any transaction; the insert skips a (learner, course) that has one, so two requests at once
 * (or two instances) issue one. The issue, `learner.completed` and `certificate.issued` to the
 * selling company's webhooks commit together. Safe to call again at any time: completing a lesson
 * or passing a quiz calls it, and so does the learner's list of certificates, which issues what a
 * crash between the completion and its certificate left behind.
 */
export async function issueDueCertificates(db: Db, userId: string): Promise<number> {
  const due = await db.$queryRaw<
    {
      enrolment_id: string;
      course_id: string;
      company_id: number;
      proposal_id: string;
      email: string;
      name: string;
      course_title: string;
      provider: string;
    }[]
  >`
    SELECT DISTINCT ON (e.course_id) e.id AS enrolment_id, e.course_id, e.company_id, e.proposal_id, el.email, u.name,
      c.title AS course_title, w.name AS provider
    FROM users u
    JOIN enrolment_learners el ON el.email = u.email
    JOIN enrolments e ON e.id = el.enrolment_id
    JOIN courses c ON c.id = e.course_id
    JOIN projects p ON p.id = c.project_id
    JOIN workspaces w ON w.id = p.workspace_id
    WHERE u.id = ${userId}::uuid AND u.email_verified_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM certificates ce WHERE ce.user_id = u.id AND ce.course_id = e.course_id)
    ORDER BY e.course_id, e.created_at`;
  let issued = 0;
  for (const seat of due) {
    const [progress] = await progressOf(db, seat.enrolment_id, [seat.email]);
    if (progress?.status !== "completed" || !progress.completed_at) continue;
    const id = crypto.randomUUID();
    const issuedAt = new Date();
    const completedAt = new Date(progress.completed_at);
    const pdf = await renderCertificatePdf({
      id,
      learnerName: seat.name,
      courseTitle: seat.course_title,
      providerName: seat.provider,
      completedAt,
      verifyUrl: `${appOrigin()}/verify`,
    });
    const credential = openBadgeCredential({
      id,
      userId,
      learnerName: seat.name,
      courseId: seat.course_id,
      courseTitle: seat.course_title,
      providerName: seat.provider,
      issuedAt,
    });
    const { kid, jwt } = await signCredential(db, credential, issuedAt);
    const made = await db.$transaction(async (tx: Tx) => {
      const [row] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO certificates (id, user_id, course_id, enrolment_id, learner_name, learner_email, course_title, provider_name,
          completed_at, issued_at, pdf, pdf_sha256, credential, key_id)
        VALUES (${id}::uuid, ${userId}::uuid, ${seat.course_id}::uuid, ${seat.enrolment_id}::uuid, ${seat.name}, ${seat.email},
          ${seat.course_title}, ${seat.provider}, ${completedAt}, ${issuedAt}, ${new Uint8Array(pdf)}, ${sha256Hex(pdf)}, ${jwt}, ${kid})
        ON CONFLICT (user_id, course_id) DO NOTHING
        RETURNING id`;
      if (!row) return false;
      const certificate = toCertificateDto((await tx.certificate.findUniqueOrThrow({ where: { id }, select: certificateSelect })) as Row);
      const learner = {
        email: seat.email,
        name: seat.name,
        course: certificate.course,
        enrolment_id: seat.enrolment_id,
        completed_at: certificate.completed_at,
      };
      await enqueueCompanyEvent(tx, seat.company_id, "learner.completed", async () => ({ learner, proposal_uuid: seat.proposal_id }));
      await enqueueCompanyEvent(tx, seat.company_id, "certificate.issued", async () => ({ certificate, proposal_uuid: seat.proposal_id }));
      return true;
    });
    if (made) issued++;
  }
  return issued;
}

/** Issues after a learner's action, never failing it: what is not issued now is issued by the next call. */
export async function issueDueCertificatesQuietly(db: Db, userId: string): Promise<void> {
  await issueDueCertificates(db, userId).catch((error: unknown) => console.error(`[certificates] issuing for ${userId} waits:`, error));
}
