import { describe, expect, it } from "vitest";
import { renderMail } from "../render";
import { PRODUCT_NAME } from "./layout";
import { proposalDeliveryMail, type ProposalDeliveryFacts } from "./proposal-delivery";
import { proposalNotificationMail, type ProposalEvent } from "./proposal-notification";
import { proposalReminderMail } from "./proposal-reminder";

const delivery = (overrides: Partial<ProposalDeliveryFacts> = {}): ProposalDeliveryFacts => ({
  isUpdate: false,
  title: "Onboarding training for Acme",
  version: 1,
  companyName: "Northwind Learning",
  senderName: "Nils Berg",
  replyTo: "nils@northwind.test",
  to: "rita@acme.test",
  recipientName: "Rita Meyer",
  url: "https://courses.example.test/p/5b0f3c1e-7d0a-4c55-9a53-0f9f6a2b1c11",
  expiresOn: "3 December 2026",
  message: "",
  ...overrides,
});

const notification = (event: ProposalEvent) =>
  proposalNotificationMail({
    event,
    title: "Onboarding training for Acme",
    version: 2,
    companyName: "Northwind Learning",
    customerName: "Rita Meyer",
    to: "nils@northwind.test",
    roles: ["creator", "contact"],
    editorUrl: "https://courses.example.test/proposals/5b0f3c1e-7d0a-4c55-9a53-0f9f6a2b1c11/edit",
    unsubscribeUrl: "https://courses.example.test/unsubscribe?token=abc.def",
  });

describe("[MAIL] proposal mails", () => {
  it("the delivery names the product and sender, has the proposal's link as its button and written out, and says why it came", async () => {
    const content = proposalDeliveryMail(delivery({ message: "Hello Rita,\nas promised.\n\nNils" }));
    const { subject, text, html } = await renderMail(content);
    expect(subject).toContain("Onboarding training for Acme");
    for (const part of [text, html]) {
      expect(part).toContain(PRODUCT_NAME);
      expect(part).toContain("Nils Berg");
    }
    expect(text).toContain(delivery().url);
    expect(html).toContain(`href="${delivery().url}"`);
    expect(text).toContain("rita@acme.test");
    expect(text).toMatch(/You got this mail because/);
    // The personal message keeps its lines in both parts.
    expect(text).toMatch(/Hello Rita,\s*\n\s*as promised\./);
    expect(html).toMatch(/Hello Rita,<br\/?>as promised\./);
  });

  it("a new version to the same recipient is an updated proposal", async () => {
    const first = await renderMail(proposalDeliveryMail(delivery()));
    const update = await renderMail(proposalDeliveryMail(delivery({ isUpdate: true, version: 2 })));
    expect(update.subject).not.toBe(first.subject);
    expect(`${update.subject} ${update.text}`).toMatch(/updated/i);
  });

  it.each<[string, ProposalEvent, string, RegExp]>([
    ["first view", { kind: "proposal_viewed" }, "Rita Meyer opened", /opened/],
    ["acceptance", { kind: "proposal_accepted", signerName: "Rita M." }, "Rita Meyer accepted", /accepted[\s\S]*Rita M\./],
    ["decline", { kind: "proposal_rejected" }, "Rita Meyer declined", /declined/],
    [
      "change request",
      { kind: "proposal_changes_requested", message: "Black panels,\nplease.", requesterName: "Rita M." },
      "Rita M. asked for changes",
      /asked for changes[\s\S]*Black panels,\s*\n\s*please\./,
    ],
    [
      "expiry",
      { kind: "proposal_expired", expiredOn: "3 December 2026" },
      '"Onboarding training for Acme" (v2) expired',
      /expired on 3 December 2026/,
    ],
  ])("the %s notification links to the editor and carries the unsubscribe link in both parts", async (_, event, subjectStart, says) => {
    const content = notification(event);
    const { subject, text, html } = await renderMail(content);
    expect(subject.startsWith(subjectStart)).toBe(true);
    expect(text).toMatch(says);
    expect(text).toContain("https://courses.example.test/proposals/5b0f3c1e-7d0a-4c55-9a53-0f9f6a2b1c11/edit");
    expect(html).toContain('href="https://courses.example.test/proposals/5b0f3c1e-7d0a-4c55-9a53-0f9f6a2b1c11/edit"');
    expect(text).toContain("https://courses.example.test/unsubscribe?token=abc.def");
    expect(html).toContain('href="https://courses.example.test/unsubscribe?token=abc.def"');
    expect(text).toMatch(/created and are the contact person of this proposal/);
    expect(html).toContain(PRODUCT_NAME);
  });

  it("the reminder names the company, the last day and the link, and says why it came and that it comes once", async () => {
    const facts = {
      title: "Onboarding training for Acme",
      companyName: "Northwind Learning",
      senderName: "Nils Berg",
      replyTo: "nils@northwind.test",
      to: "rita@acme.test",
      recipientName: "Rita Meyer",
      url: delivery().url,
      expiresOn: "3 December 2026",
    };
    const { subject, text, html } = await renderMail(proposalReminderMail(facts));
    expect(subject).toBe('Reminder: "Onboarding training for Acme" from Northwind Learning can be answered until 3 December 2026');
    expect(text).toContain("Hello Rita Meyer,");
    expect(text).toContain(delivery().url);
    expect(html).toContain(`href="${delivery().url}"`);
    expect(text).toContain("reach nils@northwind.test");
    expect(text).toMatch(/remind you once before it expires/);
    expect(html).toContain(PRODUCT_NAME);
    // Without a member to reply to, it does not offer one.
    const noReply = await renderMail(proposalReminderMail({ ...facts, replyTo: null }));
    expect(noReply.text).not.toContain("Reply to this mail");
  });
});
