/**
 * The events of a sold course (issue 43, docs/decisions/069 and 070) reach a receiver once each
 * across a SIGKILL, as the proposal events do (webhooks.api.spec.ts): `enrolment.created` is on the
 * wire when the server is killed, `learner.completed` and `certificate.issued` are committed and not
 * yet tried. After the restart each is acknowledged once, the held one with the same id and body as
 * its unanswered copy. Port E2E_PORT+80.
 */
import { expect, test } from "@playwright/test";
import { gradientPng } from "../../lib/seed/demo-images";
import { recordFigures } from "../../test/reliability-figures";
import { startSmtpServer } from "../../test/smtp";
import { AppProcess, freshAppData, phases, watchServers } from "../support/app-process";
import { KeyApi } from "../support/http";
import {
  accountWithKey,
  deliveriesOf,
  deliveryFigures,
  isSignedBy,
  newOwner,
  quietPeriod,
  register,
  serverEnv,
  settled,
  startReceiver,
  tallyDeliveries,
  type Owner,
} from "./webhook-receiver";

const PORT = Number(process.env.E2E_PORT || 3100) + 80;
const EVENTS = ["enrolment.created", "learner.completed", "certificate.issued"];

test.describe.configure({ timeout: 240_000 });
const figures = deliveryFigures();
// Counted with the proposal events' proofs: the reliability report's `webhooks` line.
test.afterAll(() => recordFigures("webhooks", figures));
const watch = watchServers();

/**
 * The owner's one-lesson course, published in their personal workspace, which their company sells;
 * a library item linked to it; a proposal of 2 seats to `managerEmail`, sent. Answers the
 * proposal's uuid and the lesson.
 */
async function courseOnSale(url: string, owner: Owner, managerEmail: string) {
  const authoring = new KeyApi(url, owner.key, "/api/authoring");
  const { workspaces } = (await authoring.ok("GET", "/workspaces")) as { workspaces: { id: string; kind: string }[] };
  const workspaceId = workspaces.find((w) => w.kind === "personal")!.id;
  const project = await authoring.ok("POST", "/projects", { name: "Courses", workspace_id: workspaceId });
  const course = await authoring.ok("POST", `/projects/${project.id}/courses`, { title: "Ladder safety" });
  const mod = await authoring.ok("POST", `/courses/${course.id}/modules`, { title: "On site" });
  const lesson = await authoring.ok("POST", `/modules/${mod.id}/lessons`, { title: "Three points of contact" });
  await authoring.ok("POST", `/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Keep three points of contact." } });
  await authoring.ok("POST", `/courses/${course.id}/publish`);

  const { api, companyId } = owner;
  await api.ok("PUT", `/v3/companies/${companyId}/workspace`, { workspace_id: workspaceId });
  const image = await api.upload("/v3/images", {
    file: new Blob([new Uint8Array(gradientPng(8, 8, [0, 0, 0], [255, 255, 255]))], { type: "image/png" }),
    company_id: String(companyId),
  });
  const item = (
    await api.ok("POST", "/v3/content", {
      company_id: companyId,
      language: "en",
      title: "Ladder safety, per seat",
      images: [{ uuid: image.data.uuid }],
      price: 90,
      tax_rate: 25,
      unit: "pcs",
    })
  ).data as { product_id: number; variation_id: number };
  await api.ok("PATCH", `/v3/content/${item.product_id}`, { course_id: course.id });
  const draft = await api.ok("POST", "/v3/proposals", {
    company_id: companyId,
    language: "en",
    title_md: "Ladder safety for Acme",
    recipient: { first_name: "Mia", email: managerEmail },
    blocks: [{ content_id: item.variation_id, quantity: 2 }],
  });
  const uuid = draft.proposal.uuid as string;
  await api.ok("POST", `/v3/proposals/${uuid}/send`);
  return { uuid, lessonId: lesson.id as string };
}

test("[SEAT WEBHOOKS] a server killed while a receiver holds enrolment.created sends it and the completion's events once each after the restart", async () => {
  const data = await freshAppData("seat-hooks");
  const receiver = await startReceiver();
  const smtp = await startSmtpServer();
  const app = watch("seats", new AppProcess(data, PORT, serverEnv({ SMTP_URL: smtp.url, APP_URL: `http://127.0.0.1:${PORT}` })));
  const phase = phases("seat webhooks");
  try {
    await phase("server healthy", () => app.start());
    // The seller, the buyer's learning manager and a learner: verified addresses, each with a key.
    const owner = await phase("owner", () => newOwner(app.url, { smtp }));
    const manager = await phase("manager", () => accountWithKey(app.url, "Mia Manager", smtp));
    const learner = await phase("learner", () => accountWithKey(app.url, "Lou Learner", smtp));
    const hook = await register(owner, receiver.url("/seats"), EVENTS);
    const { uuid, lessonId } = await phase("course on sale", () => courseOnSale(app.url, owner, manager.email));

    // The first delivery is held on the wire; what follows is committed while the worker waits on it.
    receiver.answer("/seats", "stall", "ok");
    const accepted = await fetch(`${app.url}/api/public/proposals/${uuid}/accept`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Mia Manager", consent: true }),
    });
    expect(accepted.status, await accepted.text()).toBe(200);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const buyer = new KeyApi(app.url, manager.key, "/api/app");
    const [enrolment] = (await buyer.ok("GET", "/enrolments")).data as { id: string; seats: number }[];
    expect(enrolment.seats).toBe(2);
    const invited = await buyer.ok("POST", `/enrolments/${enrolment.id}/invitations`, { emails: [learner.email] });
    expect(invited.data.invited).toHaveLength(1);
    const completed = await new KeyApi(app.url, learner.key).send("POST", `/api/learn/lessons/${lessonId}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBeLessThan(300);
    await app.kill();
    const held = receiver.received[0].eventId;
    expect(receiver.received.map((r) => r.eventId)).toEqual([held]);

    await phase("restarted", () => app.start());
    // The two waiting events go at once; the held one when the dead worker's lease ends.
    const deliveries = await phase("three deliveries settled", () => settled(owner.api, hook.id, 3));
    await quietPeriod();
    expect(deliveries.map((d) => [d.type, d.status]).sort()).toEqual(EVENTS.map((type) => [type, "delivered"]).sort());
    const ids = deliveries.map((d) => d.event_id);
    tallyDeliveries(figures, receiver, "/seats", ids);
    const copies = (id: string) => receiver.at("/seats").filter((r) => r.eventId === id);
    expect(copies(held).map((c) => c.acknowledged)).toEqual([false, true]);
    expect(copies(held)[1].body).toBe(copies(held)[0].body);
    for (const id of ids.filter((id) => id !== held)) expect(copies(id).map((c) => c.acknowledged)).toEqual([true]);
    for (const copy of receiver.at("/seats")) expect(isSignedBy(hook.secret, copy)).toBe(true);

    // Each body names what happened and the proposal it came from.
    const bodies = Object.fromEntries(ids.map((id) => [id, JSON.parse(copies(id).at(-1)!.body)]));
    const byType = Object.fromEntries(Object.values(bodies).map((b) => [b.type, b.data]));
    expect(byType["enrolment.created"]).toMatchObject({ proposal_uuid: uuid, enrolment: { id: enrolment.id, seats: 2 } });
    expect(byType["learner.completed"]).toMatchObject({ proposal_uuid: uuid, learner: { email: learner.email } });
    expect(byType["certificate.issued"]).toMatchObject({ proposal_uuid: uuid, certificate: { id: expect.any(String) } });
    expect((await deliveriesOf(owner.api, hook.id)).every((d) => d.status === "delivered")).toBe(true);
  } finally {
    await app.kill();
    await receiver.close();
    await smtp.close();
    await data.remove();
  }
});
