import { createHash } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiClient } from "./api-client";
import { authoringClient, seedUser } from "./factories";
import type { TestServer } from "./http-server";
import { classroom } from "./learn-factories";
import { createDraft, proposalsClient, publicClient, seedCompany, seedContact, seedPricedItem } from "./proposals-factories";

/**
 * A course sold in an accepted proposal (issue 43): the classroom's workspace admin owns a company
 * that sells the workspace's courses; a library item delivers the classroom's course; a proposal
 * with `seats` of it goes to a customer whose verified account is `manager`, who accepts it on the
 * customer's page. Answers the classroom, the seller, the manager with a client of the app's
 * enrolment endpoints, and the enrolment the acceptance made.
 */
export async function soldCourse(
  server: TestServer,
  { seats = 3, blocks }: { seats?: number; blocks?: (course: { variationId: number }, plain: { variationId: number }) => unknown[] } = {},
) {
  const room = await classroom(server, []);
  const company = await seedCompany(room.admin);
  const owner = { ...room.admin, company, api: proposalsClient(server, room.admin.key) };
  const tied = await owner.api.put(`/v3/companies/${company.id}/workspace`, { workspace_id: room.team.id });
  if (tied.status !== 200) throw new Error(`tying the company answered ${tied.status}: ${JSON.stringify(tied.body)}`);
  const item = await seedPricedItem({ companyId: company.id, title: { en: "Safety basics, per seat" } });
  const plain = await seedPricedItem({ companyId: company.id, title: { en: "Set-up fee" } });
  const linked = await owner.api.patch(`/v3/content/${item.productId}`, { course_id: room.course.id });
  if (linked.status !== 200) throw new Error(`linking the item answered ${linked.status}: ${JSON.stringify(linked.body)}`);
  const manager = await seedUser({ name: "Mia Manager" });
  const contact = await seedContact(company.id, { email: manager.user.email });
  const uuid = await createDraft(owner, {
    recipient: { id: contact.id },
    blocks: blocks ? blocks(item, plain) : [{ content_id: item.variationId, quantity: seats }],
  });
  const sent = await owner.api.post(`/v3/proposals/${uuid}/send`);
  if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const accepted = await publicClient(server).post(`/proposals/${uuid}/accept`, { name: "Mia Manager", consent: true });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  const listed = await owner.api.get(`/v3/proposals/${uuid}/enrolments`);
  return {
    ...room,
    owner,
    item,
    uuid,
    contact,
    manager: { ...manager, app: enrolmentsClient(server, manager.key) },
    enrolment: listed.body.data[0] as { id: string; seats: number; seats_used: number; course: { id: string; title: string } } | undefined,
  };
}

/** A client of the app's enrolment endpoints (/api/app) speaking with `key`. */
export const enrolmentsClient = (server: TestServer, key?: string) => apiClient(`${server.url}/api/app`, key);

/** A client of the app's learner endpoints (/api/learn, /api/authoring's quiz submit is the authoring client's). */
export const learnClient = (server: TestServer, key?: string) => apiClient(`${server.url}/api`, key);

/** Makes an address's account unverified (an address anyone could have typed at sign-up). */
export async function unverify(userId: string) {
  await (await getDb()).user.update({ where: { id: userId }, data: { emailVerifiedAt: null } });
}

/** A certificate straight in the database (for the matrix and the fuzzer: who may touch it, not how it is issued). */
export async function seedCertificate({ userId, courseId }: { userId: string; courseId: string }) {
  const pdf = new TextEncoder().encode(`%PDF-1.4 certificate of ${userId} for ${courseId}`);
  return (await getDb()).certificate.create({
    data: {
      userId,
      courseId,
      learnerName: "Seeded Learner",
      learnerEmail: "seeded@example.test",
      courseTitle: "Seeded course",
      providerName: "Seeded provider",
      completedAt: new Date(),
      pdf,
      pdfSha256: createHash("sha256").update(pdf).digest("hex"),
      credential: "seeded.credential.jwt",
      keyId: "seeded",
    },
  });
}

/**
 * A sold course (2 seats) whose invited learner completes it over HTTP: both lessons, and the quiz
 * passed. Answers the sale, the learner, their learn client, and their certificates as they list them.
 */
export async function completedSeat(server: TestServer) {
  const sold = await soldCourse(server, { seats: 2 });
  const learner = await seedUser({ name: "Lou Learner" });
  const invited = await sold.manager.app.post(`/enrolments/${sold.enrolment!.id}/invitations`, { emails: [learner.user.email] });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const learn = learnClient(server, learner.key);
  for (const lesson of [sold.first, sold.second]) expect((await learn.post(`/learn/lessons/${lesson.id}/complete`)).status).toBe(200);
  expect((await authoringClient(server, learner.key).post(`/quizzes/${sold.quiz.id}/submit`, sold.answers(2))).status).toBe(201);
  const mine = await enrolmentsClient(server, learner.key).get("/certificates");
  expect(mine.status).toBe(200);
  return { ...sold, learner, learn, certificates: mine.body.data as { id: string; pdf_sha256: string }[] };
}
