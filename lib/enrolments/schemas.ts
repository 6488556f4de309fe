import { z } from "zod";
import { DateTime } from "@/lib/api/schemas";
import { InviteEmail } from "@/lib/invitations/schemas";

/** How many addresses one request may invite: a list pasted from a spreadsheet. */
export const MAX_LEARNERS_PER_REQUEST = 500;

export const Enrolment = z
  .object({
    id: z.uuid(),
    proposal_uuid: z.uuid().describe("The accepted proposal that bought the seats"),
    course: z.object({ id: z.uuid(), title: z.string() }),
    provider: z.object({ name: z.string() }).describe("Who teaches it: the course's workspace"),
    seats: z.number().int().describe("The course block's accepted quantity"),
    seats_used: z.number().int().describe("Learners invited; a seat is freed only while its learner has not started"),
    managers: z.array(z.object({ email: z.string() })).describe("Every account whose verified email is one of these manages the seats"),
    created_at: DateTime,
  })
  .meta({ id: "Enrolment" });

export const Learner = z
  .object({
    email: z.string(),
    name: z.string().nullable().describe("The learner's name once their account is verified"),
    status: z.enum(["invited", "started", "completed"]),
    percent_complete: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe("Lessons completed and quizzes passed, of all the course's lessons and quizzes"),
    lessons_completed: z.number().int(),
    lesson_count: z.number().int(),
    quizzes: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        best_percentage: z.number().nullable().describe("The best attempt's score (0-100); null before any"),
        passed: z.boolean(),
        pass_percentage: z.number().int(),
      }),
    ),
    completed_at: DateTime.nullable(),
    certificate: z.object({ id: z.uuid(), issued_at: DateTime, revoked_at: DateTime.nullable() }).nullable(),
  })
  .meta({ id: "EnrolmentLearner" });

export const EnrolmentParams = z.object({ enrolmentId: z.uuid() });

export const LearnerEmails = z
  .array(InviteEmail)
  .min(1, "Name at least one email address")
  .max(MAX_LEARNERS_PER_REQUEST, `At most ${MAX_LEARNERS_PER_REQUEST} addresses at a time`)
  .describe(`1 to ${MAX_LEARNERS_PER_REQUEST} email addresses; the same address twice counts once`);
