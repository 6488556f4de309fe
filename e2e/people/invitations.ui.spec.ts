import type { APIRequestContext } from "@playwright/test";
import { createCompany, customerPage, overflowsSideways } from "../proposals/helpers";
import { expect, test } from "../support/fixtures";
import { answerConfirm, callerOf, screenshot, signInViaApi, signUpViaApi, uniqueEmail, VIEWPORTS } from "../support/helpers";
import { mailsTo, waitForMail, type E2eMail } from "../support/mailbox";

/**
 * Invitations by email (issue 26; docs/decisions/032), through the mail the e2e server really
 * sends: a team admin invites someone without an account, who signs up from the link with the
 * address fixed and lands in the workspace; invited learners land in Learn on the workspace's
 * courses (issue 38); a sales lead invites an existing user, who signs in from the link and lands
 * in the company; a resent invitation comes with a new link and the old one stops working; a
 * revoked link says so.
 */

/** Every invitation mail to `to` whose subject matches, oldest first, once there are `count`. */
async function invitationMails(request: APIRequestContext, to: string, subject: RegExp, count: number): Promise<E2eMail[]> {
  let found: E2eMail[] = [];
  await expect
    .poll(async () => (found = (await mailsTo(request, to)).filter((m) => subject.test(m.subject))).length, { timeout: 20_000 })
    .toBe(count);
  return found;
}

/** Only a verified account invites (decision 031): opens the verification mail's link. */
async function confirmAddress(request: APIRequestContext, email: string) {
  const mail = await waitForMail(request, { to: email, subject: /Confirm your email address/ });
  expect(mail.link).toBeTruthy();
  expect((await request.get(mail.link!)).ok()).toBe(true);
}

/** A published course of one lesson in a new project of the workspace, made by its admin (`call`). */
async function publishedCourse(call: ReturnType<typeof callerOf>, workspaceId: string, title: string) {
  const project = await call("POST", "/api/authoring/projects", { name: `${title} project`, workspace_id: workspaceId });
  const course = await call("POST", `/api/authoring/projects/${project.id}/courses`, { title });
  const mod = await call("POST", `/api/authoring/courses/${course.id}/modules`, { title: "First steps" });
  const lesson = await call("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "Welcome" });
  await call("POST", `/api/authoring/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Welcome aboard." } });
  await call("POST", `/api/authoring/courses/${course.id}/publish`);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[INVITATIONS] ${name}`, () => {
    test.use({ viewport });

    test(`a team admin invites a person without an account, who signs up from the mailed link with the address fixed and lands in the workspace (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const admin = await signUpAndSignIn("Ada Admin");
      await confirmAddress(page.request, admin.email);
      const team = await (await page.request.post("/api/workspaces", { data: { name: "Harbour Team" } })).json();
      const newcomer = uniqueEmail("newcomer");

      await page.goto(`/workspaces/${team.id}/members`);
      const invite = page.getByRole("form", { name: "Invite by email" });
      await invite.getByLabel("Email addresses").fill(newcomer);
      await invite.getByLabel("Role").selectOption("author");
      await invite.getByRole("button", { name: "Send invitations" }).click();
      const pending = page.getByRole("list", { name: "Pending invitations" });
      await expect(pending.getByRole("listitem", { name: newcomer })).toContainText("Author");
      expect(await overflowsSideways(page)).toBe(false);

      const mail = await waitForMail(page.request, { to: newcomer, subject: /invited you to Harbour Team/ });
      expect(mail.subject).toBe("Ada Admin invited you to Harbour Team on Coursewright");
      expect(mail.text).toContain("as an author");
      expect(mail.text).toContain("valid for 7 days");
      expect(mail.link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{43}$`));
      await expect(pending.getByRole("listitem", { name: newcomer })).toContainText("Mail sent", { timeout: 20_000 });

      // The invited person, in a browser of their own.
      const guest = await customerPage(browser, baseURL!, viewport);
      await guest.goto(mail.link!);
      await expect(guest.getByRole("heading", { name: "Join Harbour Team", level: 1 })).toBeVisible();
      await expect(guest.getByText(`Ada Admin invited ${newcomer} to the workspace Harbour Team as Author`)).toBeVisible();
      const email = guest.getByLabel("Email");
      await expect(email).toHaveValue(newcomer);
      await expect(email).not.toBeEditable();
      expect(await overflowsSideways(guest)).toBe(false);
      await guest.getByLabel("Name").fill("Nora Newcomer");
      await guest.getByLabel("Password").fill("harbour lights at dawn 7");
      await guest.getByRole("button", { name: "Create account and join Harbour Team" }).click();
      await expect(guest).toHaveURL(`${baseURL}/?workspace=${team.id}`);
      await expect(guest.getByRole("heading", { name: "Harbour Team", level: 1 })).toBeVisible();
      // Signed in, and verified by the link: no banner asking to confirm the address.
      await expect(guest.getByRole("button", { name: /Account menu/ })).toBeVisible();
      await expect(guest.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);

      // The admin sees a member where the invitation was.
      await page.reload();
      await expect(page.getByRole("list", { name: "Members" })).toContainText("Nora Newcomer");
      await expect(page.getByText("No pending invitations.")).toBeVisible();
      // The link is used now.
      await guest.goto(mail.link!);
      await expect(guest.getByRole("heading", { name: "This invitation has been accepted", level: 1 })).toBeVisible();
      await guest.context().close();
    });

    test(`invited learners land in Learn on the workspace's course: one signing up from the link, one accepting while signed in (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const admin = await signUpAndSignIn("Ada Admin");
      await confirmAddress(page.request, admin.email);
      const call = callerOf(page.request);
      const team = await call("POST", "/api/workspaces", { name: "Harbour Team" });
      await publishedCourse(call, team.id, "Knots for sailors");
      // Lena already learns in another of the admin's teams: her landing shows the new team's course only.
      const other = await call("POST", "/api/workspaces", { name: "Dock Team" });
      await publishedCourse(call, other.id, "Forklift safety");
      const lena = await customerPage(browser, baseURL!, viewport);
      const lenaUser = await signUpViaApi(lena.request, "Lena Learner");
      await signInViaApi(lena.request, lenaUser);
      await call("POST", `/api/workspaces/${other.id}/members`, { email: lenaUser.email, role: "learner" });
      const newcomer = uniqueEmail("learner");
      await call("POST", `/api/workspaces/${team.id}/invitations`, { emails: [newcomer, lenaUser.email], role: "learner" });
      const landing = `${baseURL}/learn?workspace=${team.id}`;

      /** Learn, on the workspace's course, in view without scrolling; nothing of the authoring home. */
      async function expectLanded(learner: typeof page) {
        await expect(learner).toHaveURL(landing);
        await expect(learner.getByRole("heading", { name: "Courses in Harbour Team", level: 1 })).toBeVisible();
        await expect(learner.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Learn" })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(learner.getByRole("link", { name: "Knots for sailors", exact: true })).toBeInViewport();
        await expect(learner.getByRole("link", { name: "Start Knots for sailors" })).toBeVisible();
        await expect(learner.getByRole("link", { name: "Forklift safety", exact: true })).toHaveCount(0);
        expect(await overflowsSideways(learner)).toBe(false);
      }

      // Someone without an account signs up from the mailed link.
      const mail = await waitForMail(page.request, { to: newcomer, subject: /invited you to Harbour Team/ });
      expect(mail.text).toContain("as a learner");
      const guest = await customerPage(browser, baseURL!, viewport);
      await guest.goto(mail.link!);
      await expect(guest.getByText(`Ada Admin invited ${newcomer} to the workspace Harbour Team as Learner`)).toBeVisible();
      await guest.getByLabel("Name").fill("Nils Newcomer");
      await guest.getByLabel("Password").fill("harbour lights at dawn 7");
      await guest.getByRole("button", { name: "Create account and join Harbour Team" }).click();
      await expectLanded(guest);
      await screenshot(guest, `invitation-learner-lands-in-learn-${name}`);
      await guest.context().close();

      // Lena, signed in already, accepts with one button.
      const lenaMail = await waitForMail(page.request, { to: lenaUser.email, subject: /invited you to Harbour Team/ });
      await lena.goto(lenaMail.link!);
      await lena.getByRole("button", { name: "Accept and open Harbour Team" }).click();
      await expectLanded(lena);
      await lena.getByRole("link", { name: "All your courses" }).click();
      await expect(lena).toHaveURL(`${baseURL}/learn`);
      await expect(lena.getByRole("heading", { name: "Your courses", level: 1 })).toBeVisible();
      await expect(lena.getByRole("link", { name: "Forklift safety", exact: true })).toBeVisible();
      await expect(lena.getByRole("link", { name: "Knots for sailors", exact: true })).toBeVisible();
      await lena.context().close();
    });

    test(`a sales lead invites an existing user to the company, who signs in from the resent link and lands in it; a revoked link says so (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const lead = await signUpAndSignIn("Lena Lead");
      await confirmAddress(page.request, lead.email);
      const company = await createCompany(page, "Northwind Sales");
      const guest = await customerPage(browser, baseURL!, viewport);
      const erik = await signUpViaApi(guest.request, "Erik Existing");
      const dropped = uniqueEmail("dropped");

      await page.goto(`/proposals?company=${company.id}`);
      await page.getByRole("navigation", { name: "Proposals" }).getByRole("link", { name: "Members" }).click();
      await expect(page).toHaveURL(`${baseURL}/proposals/members?company=${company.id}`);
      await expect(page.getByRole("heading", { name: "Members of Northwind Sales", level: 1 })).toBeVisible();
      const invite = page.getByRole("form", { name: "Invite by email" });
      await invite.getByLabel("Email addresses").fill(`${erik.email}, ${dropped}`);
      await invite.getByRole("button", { name: "Send invitations" }).click();
      const pending = page.getByRole("list", { name: "Pending invitations" });
      await expect(pending.getByRole("listitem")).toHaveCount(2);
      expect(await overflowsSideways(page)).toBe(false);

      // Revoking one: its link stops working.
      await pending.getByRole("button", { name: `Revoke the invitation of ${dropped}` }).click();
      await answerConfirm(page, "Revoke");
      await expect(pending.getByRole("listitem")).toHaveCount(1);
      const droppedMail = await waitForMail(page.request, { to: dropped, subject: /invited you to Northwind Sales/ });
      const stranger = await customerPage(browser, baseURL!, viewport);
      await stranger.goto(droppedMail.link!);
      await expect(stranger.getByRole("heading", { name: "This invitation was withdrawn", level: 1 })).toBeVisible();
      await stranger.context().close();

      // Resending mails Erik a second invitation with a new link; the first link stops working.
      const invited = /invited you to Northwind Sales/;
      const [first] = await invitationMails(page.request, erik.email, invited, 1);
      await pending.getByRole("button", { name: `Resend the invitation of ${erik.email}` }).click();
      await expect(page.getByText(`Sent again to ${erik.email}, with a new link.`)).toBeVisible();
      const [, mail] = await invitationMails(page.request, erik.email, invited, 2);
      expect(mail.text).toContain("as a member");
      expect(mail.link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{43}$`));
      expect(mail.link).not.toBe(first.link);
      await guest.goto(first.link!);
      await expect(guest.getByRole("heading", { name: "This invitation link does not work", level: 1 })).toBeVisible();
      await guest.goto(mail.link!);
      await expect(guest.getByRole("heading", { name: "Join Northwind Sales", level: 1 })).toBeVisible();
      await expect(guest.getByLabel("Email")).toHaveValue(erik.email);
      await expect(guest.getByLabel("Email")).not.toBeEditable();
      await guest.getByLabel("Password").fill(erik.password);
      await guest.getByRole("button", { name: "Sign in and join Northwind Sales" }).click();
      await expect(guest).toHaveURL(`${baseURL}/proposals?company=${company.id}`);
      await expect(guest.getByRole("heading", { name: "Proposals", level: 1 })).toBeVisible();
      await expect(guest.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Proposals" })).toHaveAttribute(
        "aria-current",
        "page",
      );

      await page.reload();
      const members = page.getByRole("list", { name: "Members" });
      await expect(members).toContainText("Erik Existing");
      await expect(members.getByLabel("Role of Erik Existing")).toHaveValue("member");
      await expect(page.getByText("No pending invitations.")).toBeVisible();
      await guest.context().close();
    });
  });
}
