import { z } from "zod";
import { passwordSchema } from "@/lib/accounts/schemas";
import { defineEndpoint } from "@/lib/api/endpoint";
import { write } from "@/lib/db/transaction";
import { acceptInvitation, acceptInvitationWithSignUp, type AcceptedInvitation } from "./accept-invitation";
import { InvitationToken } from "./token";

const TokenParams = z.object({ token: InvitationToken });

const Accepted = z
  .object({
    invitation_id: z.uuid(),
    email: z.string(),
    role: z.string(),
    target: z.object({
      kind: z.enum(["workspace", "company", "enrolment"]),
      id: z.union([z.uuid(), z.number().int()]).describe("A workspace's or an enrolment's uuid, or a company's numeric id"),
      name: z.string().describe("The workspace's, the company's or (an enrolment) the course's name"),
    }),
    url: z
      .string()
      .describe(
        "Where the app shows it: Learn (a workspace's learner; an enrolment's course), the workspace's home, or the company's proposals",
      ),
  })
  .meta({ id: "AcceptedInvitation" });

const toAccepted = (a: AcceptedInvitation) => ({
  invitation_id: a.invitationId,
  email: a.email,
  role: a.role,
  target: { kind: a.target.kind, id: a.target.id, name: a.target.name },
  url: a.path,
});

const STATES =
  "A link that was used, withdrawn or has expired answers 400 `conflict` with `details.reason` accepted, revoked or expired; " +
  "an unknown one 404.";

export const acceptInvitationEndpoint = defineEndpoint({
  operationId: "accept_invitation",
  method: "POST",
  path: "/invitations/{token}/accept",
  tag: "Invitations",
  summary: "Accept an invitation as the signed-in user",
  description: `The token is the one in the mailed link (/invite/{token}). The signed-in user's email must be the invited address (403 otherwise); they join with the invitation's role and their address counts as verified. ${STATES}`,
  params: TokenParams,
  response: Accepted,
  status: 200,
  errors: ["forbidden", "conflict"],
  // The audit trail names the invitation, never the token.
  run: (ctx) =>
    write(ctx, async (tx) => toAccepted(await acceptInvitation(tx, ctx.params.token, { id: ctx.caller.userId, email: ctx.caller.email })), {
      target: (r) => r.invitation_id,
    }),
});

export const acceptInvitationWithSignUpEndpoint = defineEndpoint({
  operationId: "accept_invitation_with_sign_up",
  method: "POST",
  path: "/invitations/{token}/accept-with-sign-up",
  tag: "Invitations",
  summary: "Create an account from an invitation and accept it",
  description:
    "For an invited address without an account: creates it (verified: the link reached the address) with this name and password and " +
    `accepts the invitation, in one step. Sign in afterwards with the invited address and the password. An address with an account answers 400 \`conflict\` (reason account_exists): sign in and accept instead. ${STATES}`,
  isPublic: true,
  params: TokenParams,
  body: z.object({
    name: z.string().trim().min(1, { message: "Enter your name" }).max(100),
    password: passwordSchema,
  }),
  response: Accepted,
  status: 201,
  errors: ["conflict"],
  run: async ({ db, params, body }) => toAccepted(await acceptInvitationWithSignUp(db, params.token, body)),
});
