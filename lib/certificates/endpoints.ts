import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint } from "@/lib/api/endpoint";
import { notFound } from "@/lib/api/errors";
import { FileAnswer } from "@/lib/api/prebuilt";
import { DateTime } from "@/lib/api/schemas";
import { can, roleIn } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";
import { write } from "@/lib/db/transaction";
import { certificateSelect, issueDueCertificates, toCertificateDto } from "./certificates";

const tag = "Certificates";

export const Certificate = z
  .object({
    id: z.uuid(),
    course: z.object({ id: z.uuid(), title: z.string() }),
    provider: z.object({ name: z.string() }),
    learner: z.object({ name: z.string().describe("As entered when it was issued"), email: z.string() }),
    completed_at: DateTime,
    issued_at: DateTime,
    revoked_at: DateTime.nullable(),
    revoked_reason: z.string().nullable(),
    pdf_sha256: z.string().describe("The SHA-256 of the stored PDF: what /verify looks up"),
    verify_url: z.string(),
  })
  .meta({ id: "Certificate" });

const CertificateParams = z.object({ certificateId: z.uuid() });

/**
 * A certificate for its learner, or for an admin or author of the course's workspace (a revocation:
 * admins only); to anyone else it does not exist (404).
 */
async function certificateFor(tx: Tx, caller: Caller, id: string, action: "read" | "revoke") {
  const row = await tx.certificate.findUnique({
    where: { id },
    select: { ...certificateSelect, userId: true, course: { select: { project: { select: { workspaceId: true } } } } },
  });
  if (!row) throw notFound("Certificate");
  const isLearner = row.userId === caller.userId;
  const role = await roleIn(tx, caller, row.course.project.workspaceId);
  const allowed =
    action === "read" ? isLearner || (role !== null && can(role, "content.read_drafts")) : role !== null && can(role, "members.manage");
  if (!allowed) throw notFound("Certificate");
  return row;
}

export const listMyCertificatesEndpoint = defineEndpoint({
  operationId: "list_my_certificates",
  method: "GET",
  path: "/app/certificates",
  tag,
  summary: "Your certificates of completion",
  description:
    "Returns {data: [certificate]}, newest first: one per course you completed through a seat (every published lesson complete, " +
    "every quiz passed at its pass mark). A certificate due and not yet issued is issued now.",
  response: z.object({ data: z.array(Certificate) }),
  status: 200,
  run: async ({ db, caller }) => {
    await issueDueCertificates(db, caller.userId);
    const rows = await db.certificate.findMany({
      where: { userId: caller.userId },
      select: certificateSelect,
      orderBy: { issuedAt: "desc" },
    });
    return { data: rows.map(toCertificateDto) };
  },
});

export const getCertificatePdfEndpoint = defineEndpoint({
  operationId: "get_certificate_pdf",
  method: "GET",
  path: "/app/certificates/{certificateId}/pdf",
  tag,
  summary: "A certificate's PDF, the same bytes every time",
  description: "For its learner and the admins and authors of the course's workspace; anyone else 404.",
  params: CertificateParams,
  response: z.string().describe("The PDF's bytes"),
  produces: "application/pdf",
  status: 200,
  run: async ({ db, caller, params }) => {
    const found = await certificateFor(db, caller, params.certificateId, "read");
    const { pdf } = await db.certificate.findUniqueOrThrow({ where: { id: found.id }, select: { pdf: true } });
    return new FileAnswer(new Uint8Array(pdf), "application/pdf", `certificate-${found.id}.pdf`);
  },
});

export const getCertificateCredentialEndpoint = defineEndpoint({
  operationId: "get_certificate_credential",
  method: "GET",
  path: "/app/certificates/{certificateId}/credential",
  tag,
  summary: "A certificate as an Open Badges 3.0 credential (VC-JWT)",
  description:
    "An OpenBadgeCredential signed as a VC-JWT (EdDSA) with the instance's key, published at /.well-known/jwks.json. For its " +
    "learner and the admins and authors of the course's workspace; anyone else 404.",
  params: CertificateParams,
  response: z.string().describe("The compact JWS"),
  produces: "application/vc+jwt",
  status: 200,
  run: async ({ db, caller, params }) => {
    const found = await certificateFor(db, caller, params.certificateId, "read");
    const { credential } = await db.certificate.findUniqueOrThrow({ where: { id: found.id }, select: { credential: true } });
    return new FileAnswer(new TextEncoder().encode(credential), "application/vc+jwt", `certificate-${found.id}.jwt`);
  },
});

export const revokeCertificateEndpoint = defineEndpoint({
  operationId: "revoke_certificate",
  method: "POST",
  path: "/app/certificates/{certificateId}/revoke",
  tag,
  summary: "Revoke a certificate, with a reason",
  description:
    "For the admins of the course's workspace (others 404). Verification then says revoked, when and why. A certificate revoked " +
    "already keeps its first revocation.",
  params: CertificateParams,
  load: ({ db, caller, params }) => certificateFor(db, caller, params.certificateId, "revoke"),
  body: z.object({ reason: z.string().trim().min(1, "Say why it is revoked").max(500) }),
  response: z.object({ data: Certificate }),
  status: 200,
  run: (ctx) =>
    write(
      ctx,
      async (tx) => {
        await tx.certificate.updateMany({
          where: { id: ctx.params.certificateId, revokedAt: null },
          data: { revokedAt: new Date(), revokedReason: ctx.body.reason, revokedById: ctx.caller.userId },
        });
        return {
          data: toCertificateDto(
            await tx.certificate.findUniqueOrThrow({ where: { id: ctx.params.certificateId }, select: certificateSelect }),
          ),
        };
      },
      { target: () => ctx.params.certificateId },
    ),
});
