import { z } from "zod";
import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { write } from "@/lib/db/transaction";
import { InviteEmail } from "@/lib/invitations/schemas";
import { addManager, enrolmentToManage, inviteLearners, learnersCsv, listManagedEnrolments, progressOf, removeLearner } from "./learners";
import { Enrolment, EnrolmentParams, Learner, LearnerEmails, MAX_LEARNERS_PER_REQUEST } from "./schemas";

/*
 * Enrolments (issue 43, docs/decisions/069): the learning manager's endpoints are the app's, under
 * /api/app/enrolments; the sales staff read an accepted proposal's enrolments in the proposals
 * service (GET /v3/proposals/{uuid}/enrolments).
 */

const tag = "Enrolments";

const loadManaged = ({ db, caller, params }: LoadContext<{ enrolmentId: string }>) => enrolmentToManage(db, caller, params.enrolmentId);

const NOT_YOURS = "An enrolment the caller does not manage answers 404, as an unknown one does.";

export const listMyEnrolmentsEndpoint = defineEndpoint({
  operationId: "list_my_enrolments",
  method: "GET",
  path: "/app/enrolments",
  tag,
  summary: "The enrolments you manage: seats of courses your organisation bought",
  description:
    "Returns {data: [enrolment]}, oldest first: each one's id, course, seats, seats_used and managers. Yours are those whose " +
    "managers include your account's verified email address.",
  response: z.object({ data: z.array(Enrolment) }),
  status: 200,
  run: async ({ db, caller }) => ({ data: await listManagedEnrolments(db, caller) }),
});

export const getEnrolmentEndpoint = defineEndpoint({
  operationId: "get_enrolment",
  method: "GET",
  path: "/app/enrolments/{enrolmentId}",
  tag,
  summary: "One enrolment you manage",
  description: "Returns {data: enrolment}: its course, seats, seats_used (learners invited) and managers. " + NOT_YOURS,
  params: EnrolmentParams,
  response: z.object({ data: Enrolment }),
  status: 200,
  run: async (ctx) => ({ data: await loadManaged(ctx) }),
});

export const inviteLearnersEndpoint = defineEndpoint({
  operationId: "invite_learners",
  method: "POST",
  path: "/app/enrolments/{enrolmentId}/invitations",
  tag,
  summary: "Invite learners by email, each taking a seat",
  description:
    `1 to ${MAX_LEARNERS_PER_REQUEST} addresses, all or nothing. Each new learner takes a seat and is mailed a link to the course; ` +
    "an address that holds a seat already is answered in `already` and takes none. Returns {data: {invited, already}}, each a " +
    "list of {email}. More new learners than seats left answers 409 `seats_exhausted` and invites nobody. A learner whose " +
    "account has this verified address reads the course at once. " +
    NOT_YOURS,
  params: EnrolmentParams,
  load: loadManaged,
  body: z.object({ emails: LearnerEmails }),
  response: z.object({
    data: z.object({ invited: z.array(z.object({ email: z.string() })), already: z.array(z.object({ email: z.string() })) }),
  }),
  status: 201,
  errors: ["seats_exhausted"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await inviteLearners(tx, ctx.caller, ctx.params.enrolmentId, ctx.body.emails) }), {
      target: () => ctx.params.enrolmentId,
    }),
});

export const listEnrolmentLearnersEndpoint = defineEndpoint({
  operationId: "list_enrolment_learners",
  method: "GET",
  path: "/app/enrolments/{enrolmentId}/learners",
  tag,
  summary: "Each seat's learner and their progress",
  description:
    "Returns {data: [learner]} in the order they were invited: each one's status, percent_complete, quizzes and certificate. " +
    "status: invited (nothing opened yet), started, completed (every published lesson complete and every quiz in them passed " +
    "at its pass mark). format=csv (or Accept: text/csv) answers one row per learner. " +
    NOT_YOURS,
  params: EnrolmentParams,
  query: z.object({ format: z.enum(["json", "csv"]).optional().describe("csv: one row per learner, as text/csv") }),
  load: loadManaged,
  response: z.object({ data: z.array(Learner) }),
  status: 200,
  run: async ({ db, params }) => ({ data: await progressOf(db, params.enrolmentId) }),
  csv: (result, { params }) => learnersCsv(result.data, { id: params.enrolmentId }),
});

export const removeEnrolmentLearnerEndpoint = defineEndpoint({
  operationId: "remove_enrolment_learner",
  method: "DELETE",
  path: "/app/enrolments/{enrolmentId}/learners/{email}",
  tag,
  summary: "Free the seat of a learner who has not started",
  description:
    "Withdraws their invitation; the seat can go to someone else. Returns {data: enrolment} with the seat freed. A learner who " +
    "has started keeps the seat: 409 `seat_in_use`. An address without a seat here answers 404. " +
    NOT_YOURS,
  params: EnrolmentParams.extend({ email: InviteEmail }),
  load: loadManaged,
  response: z.object({ data: Enrolment }),
  status: 200,
  errors: ["seat_in_use"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await removeLearner(tx, ctx.caller, ctx.params.enrolmentId, ctx.params.email) }), {
      target: () => ctx.params.enrolmentId,
    }),
});

export const addEnrolmentManagerEndpoint = defineEndpoint({
  operationId: "add_enrolment_manager",
  method: "POST",
  path: "/app/enrolments/{enrolmentId}/managers",
  tag,
  summary: "Add a learning manager by email",
  description:
    "The address is mailed the enrolment's link; its account, once verified, manages the seats too. Adding one twice changes nothing. " +
    "Returns {data: enrolment} with its managers. " +
    NOT_YOURS,
  params: EnrolmentParams,
  load: loadManaged,
  body: z.object({ email: InviteEmail }),
  response: z.object({ data: Enrolment }),
  status: 201,
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await addManager(tx, ctx.caller, ctx.params.enrolmentId, ctx.body.email) }), {
      target: () => ctx.params.enrolmentId,
    }),
});
