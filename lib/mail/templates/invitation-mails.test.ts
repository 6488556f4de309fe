import { describe, expect, it } from "vitest";
import { renderMail } from "../render";
import { companyInvitationMail } from "./company-invitation";
import { formatUtc } from "./invitation-parts";
import { PRODUCT_NAME } from "./layout";
import { workspaceInvitationMail } from "./workspace-invitation";

const facts = {
  to: "nora@example.test",
  inviterName: "Ada Admin",
  inviterEmail: "ada@example.test",
  url: `https://courses.example.test/invite/${"a".repeat(43)}`,
  expiresAt: new Date("2026-12-03T19:22:00Z"),
};

describe("[MAIL] invitation mails", () => {
  it.each([
    [
      "workspace",
      workspaceInvitationMail({ ...facts, workspaceName: "Harbour Team", role: "author" }),
      'the workspace "Harbour Team"',
      "as an author",
    ],
    [
      "company",
      companyInvitationMail({ ...facts, companyName: "Northwind Sales", role: "owner" }),
      'the company "Northwind Sales"',
      "as an owner",
    ],
  ])(
    "%s: who invited whom to what as which role, the button with its link, 7 days, and why the mail came",
    async (_, content, what, role) => {
      const { subject, text, html } = await renderMail(content);
      expect(subject).toMatch(new RegExp(`^Ada Admin invited you to .+ on ${PRODUCT_NAME}$`));
      expect(text).toContain(`Ada Admin (ada@example.test) invited you to ${what}`);
      expect(text).toContain(role);
      expect(content.action).toEqual({ label: "Accept the invitation", url: facts.url });
      expect(text).toContain(facts.url);
      expect(html).toContain(`href="${facts.url}"`);
      expect(text).toContain("valid for 7 days, until 3 December 2026 at 19:22 UTC");
      expect(text).toContain("nora@example.test");
      expect(text).toMatch(/You got this mail because Ada Admin \(ada@example\.test\) invited nora@example\.test/);
    },
  );

  it("a name with line breaks stays on the subject's one line", async () => {
    const { subject } = await renderMail(
      workspaceInvitationMail({ ...facts, inviterName: "Eve\r\nBcc: x@evil.test", workspaceName: "Team", role: "learner" }),
    );
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it("writes times in UTC, the same for every reader", () => {
    expect(formatUtc(new Date("2026-01-05T08:03:00Z"))).toBe("5 January 2026 at 08:03 UTC");
  });
});
