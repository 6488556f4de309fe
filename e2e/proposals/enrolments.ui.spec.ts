import fs from "node:fs";
import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { authoringApi, hardHatQuestion, signInViaApi, signUpViaApi, VIEWPORTS, type TestUser } from "../support/helpers";
import { waitForMail } from "../support/mailbox";
import { createCompany, createProduct, overflowsSideways, proposalsApi, verifyEmail } from "./helpers";

/*
 * From a won deal to learners (issue 43, docs/decisions/069): a provider links a library item to a
 * course and sells 3 seats of it in a proposal; the customer accepts; the recipient is mailed the buyer's page, reaches it from the
 * header's "Seats", invites three learners from a pasted list and is refused a fourth; a learner
 * finds the course (and only it) in Learn, completes it and passes its quiz; the manager sees
 * "Completed", and frees the seat of a learner who has not started. The learner downloads the
 * certificate's PDF and credential from Learn, and /verify says issued for both and not issued for
 * a changed credential; the seller sees the seats handed out on the accepted proposal. The API's rules: test/integration/enrolments.test.ts, certificates.test.ts.
 */

/** A signed-in browser of its own for `user`, whose address is verified through the mailed link. */
async function personIn(browser: Browser, baseURL: string, viewport: { width: number; height: number }, user: TestUser) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signInViaApi(page.request, user);
  await verifyEmail(page, user);
  return { context, page };
}

async function newAccount(baseURL: string, name: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    return await signUpViaApi(api, name);
  } finally {
    await api.dispose();
  }
}

/** The seller's course (two lessons, the second with a one-question quiz), sold as 3 seats to `managerEmail`, accepted. */
async function sellThreeSeats(page: Page, owner: TestUser, managerEmail: string) {
  const project = await authoringApi(page, "POST", "/projects", { name: "Courses", workspace_id: owner.personal_workspace_id });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Fire safety basics" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "On site" });
  const first = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Extinguishers" });
  const second = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Evacuation" });
  await authoringApi(page, "POST", `/lessons/${first.id}/blocks`, { type: "text", content: { body: "Know your extinguisher." } });
  const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Safety" });
  const question = await authoringApi(page, "POST", `/projects/${project.id}/questions`, hardHatQuestion(category.id));
  const quiz = await authoringApi(page, "POST", `/projects/${project.id}/quizzes`, { title: "Site check", question_ids: [question.id] });
  await authoringApi(page, "POST", `/lessons/${second.id}/blocks`, { type: "quiz", quiz_id: quiz.id });
  await authoringApi(page, "POST", `/courses/${course.id}/publish`);
  const other = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Working at height" });
  await authoringApi(page, "POST", `/courses/${other.id}/publish`);

  const company = await createCompany(page, "Safe Sites Ltd");
  await proposalsApi(page, "PUT", `/v3/companies/${company.id}/workspace`, { workspace_id: owner.personal_workspace_id });
  const seats = await createProduct(page, company.id, "Fire safety, per seat", 120);
  // The provider links the item to the course in the library: its quantity is then seats.
  await page.goto(`/proposals/library?company=${company.id}`);
  await page.getByLabel("Course that Fire safety, per seat delivers").selectOption({ label: "Fire safety basics (Courses)" });
  await expect(page.getByText("Linked: its quantity in a proposal is now seats of the course.")).toBeVisible();
  const listed = await proposalsApi(page, "GET", `/v3/content?company_id=${company.id}&product_id=${seats.product_id}`);
  expect(listed.data[0].course_id).toBe(course.id);
  const contact = await proposalsApi(page, "POST", "/v3/contacts", {
    company_id: company.id,
    first_name: "Mia",
    last_name: "Manager",
    email: managerEmail,
  });
  const created = await proposalsApi(page, "POST", "/v3/proposals", {
    company_id: company.id,
    language: "en",
    title_md: "Fire safety for Acme",
    recipient: { id: contact.data.id },
    blocks: [{ content_id: seats.variation_id, quantity: 3 }],
  });
  const uuid = created.proposal.uuid as string;
  await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`);
  // The customer's answer on their page has its own tests (proposal-acceptance.ui.spec.ts): here, its API.
  const accepted = await page.request.post(`/api/public/proposals/${uuid}/accept`, { data: { name: "Mia Manager", consent: true } });
  expect(accepted.status()).toBe(200);
  return { course, other, first, second, uuid };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[SEATS] ${name}`, () => {
    test.use({ viewport });

    test(`a sold course becomes seats the buyer hands out, and the manager follows a learner to completion (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      test.slow();
      const owner = await signUpAndSignIn("Olga Owner");
      await verifyEmail(page, owner);
      const [managerUser, learnerUser] = [await newAccount(baseURL!, "Mia Manager"), await newAccount(baseURL!, "Lou Learner")];
      const { other, uuid } = await sellThreeSeats(page, owner, managerUser.email);

      // The recipient's mail leads to the buyer's page, which the header's "Seats" reaches too.
      const mail = await waitForMail(page.request, { to: managerUser.email, subject: /Your 3 seats of "Fire safety basics" are ready/ });
      const manager = await personIn(browser, baseURL!, viewport, managerUser);
      const m = manager.page;
      await m.goto("/learn");
      await m.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Seats" }).click();
      await m.getByRole("link", { name: /Fire safety basics/ }).click();
      await expect(m).toHaveURL(new URL(mail.link!).pathname);
      await expect(m.getByTestId("seats-used")).toHaveText("0 of 3 seats used");

      const [ana, ben] = ["ana", "ben"].map((n) => `${n}-${Date.now().toString(36)}@example.test`);
      await m.getByLabel("Email addresses").fill(`${learnerUser.email}\n${ana}, ${ben}`);
      await m.getByRole("button", { name: "Invite" }).click();
      await expect(m.getByText("Invited 3 learners.")).toBeVisible();
      await expect(m.getByTestId("seats-used")).toHaveText("3 of 3 seats used");
      await m.getByLabel("Email addresses").fill("dan@example.test");
      await m.getByRole("button", { name: "Invite" }).click();
      await expect(m.getByText("1 new learner but 0 seats left of 3: nobody was invited")).toBeVisible();
      const learners = m.getByRole("list").filter({ has: m.getByRole("listitem", { name: ana }) });
      await expect(learners.getByRole("listitem")).toHaveCount(3);
      expect(await overflowsSideways(m)).toBe(false);
      await expectAccessible(m, "buyer's page of an enrolment");

      // The learner's invitation mail leads into Learn, where the course is the only one.
      await waitForMail(page.request, { to: learnerUser.email, subject: /invited you to the course "Fire safety basics"/ });
      const learner = await personIn(browser, baseURL!, viewport, learnerUser);
      const l = learner.page;
      await l.goto("/learn");
      await expect(l.getByRole("heading", { name: "Fire safety basics" })).toBeVisible();
      await expect(l.getByText("Working at height")).toHaveCount(0);
      const refused = await l.request.get(`/api/learn/courses/${other.id}`);
      expect(refused.status()).toBe(404);
      await l.getByRole("link", { name: "Fire safety basics", exact: true }).click();
      await l.getByRole("link", { name: "Start the course" }).click();
      await expect(l.getByRole("heading", { name: "Extinguishers", level: 1 })).toBeVisible();
      await l.getByRole("button", { name: "Mark complete" }).click();
      await expect(l.getByText("Lesson complete")).toBeVisible();
      await l.getByRole("link", { name: "Next lesson →" }).click();
      await expect(l.getByRole("heading", { name: "Evacuation", level: 1 })).toBeVisible();
      await l.getByRole("radio", { name: "Yes" }).check();
      await l.getByRole("button", { name: /Submit/ }).click();
      await expect(l.getByText(/1 of 1/).first()).toBeVisible();
      await l.getByRole("button", { name: "Mark complete" }).click();
      await expect(l.getByText("Lesson complete")).toBeVisible();

      // The learner's certificate: its PDF and its credential, from Learn.
      await l.goto("/learn");
      const certificate = l.getByRole("listitem", { name: "Certificate: Fire safety basics" });
      await expect(certificate).toBeVisible();
      const [pdfDownload] = await Promise.all([
        l.waitForEvent("download"),
        certificate.getByRole("link", { name: "Download PDF" }).click(),
      ]);
      const pdfPath = (await pdfDownload.path())!;
      expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
      const [jwtDownload] = await Promise.all([
        l.waitForEvent("download"),
        certificate.getByRole("link", { name: "Download credential (Open Badges)" }).click(),
      ]);
      const jwt = fs.readFileSync((await jwtDownload.path())!, "utf8");
      expect(jwt.split(".")).toHaveLength(3);

      // Anyone checks both on /verify; a changed credential is not issued here.
      const checker = await browser.newPage({ baseURL, viewport });
      await checker.goto("/verify");
      const chooser = checker.getByLabel("Acceptance record or certificate (PDF)");
      await expect(chooser).toBeEnabled();
      await chooser.setInputFiles(pdfPath);
      await checker.getByRole("button", { name: "Check the PDF" }).click();
      const verdict = checker.getByRole("status", { name: "Result" });
      await expect(verdict.getByRole("heading", { name: "Issued here" })).toBeVisible();
      await expect(verdict).toContainText("Lou Learner");
      await expect(verdict).toContainText("Fire safety basics");
      await checker.getByRole("textbox", { name: "Credential", exact: true }).fill(jwt);
      await checker.getByRole("button", { name: "Check the credential" }).click();
      await expect(verdict).toContainText("This credential is a certificate issued here, unchanged.");
      const [head, body, signature] = jwt.split(".");
      const claims = JSON.parse(Buffer.from(body, "base64url").toString());
      claims.credentialSubject.name = "Someone Else";
      await checker
        .getByRole("textbox", { name: "Credential", exact: true })
        .fill(`${head}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`);
      await checker.getByRole("button", { name: "Check the credential" }).click();
      await expect(verdict.getByRole("heading", { name: "Not issued here" })).toBeVisible();
      expect(await overflowsSideways(checker)).toBe(false);
      await checker.close();

      // The manager sees it; frees a seat nobody started, and hands it out again.
      await m.reload();
      const lou = m.getByRole("listitem", { name: learnerUser.email });
      await expect(lou.getByText("Completed", { exact: true })).toBeVisible();
      await expect(lou.getByText("100%", { exact: true })).toBeVisible();
      await expect(lou.getByText("Lou Learner")).toBeVisible();
      await expect(lou.getByText(/certificate issued/)).toBeVisible();
      await m.getByRole("button", { name: `Free seat of ${ana}` }).click();
      await expect(m.getByTestId("seats-used")).toHaveText("2 of 3 seats used");
      await expect(m.getByRole("listitem", { name: ana })).toHaveCount(0);
      await expect(m.getByRole("button", { name: `Free seat of ${learnerUser.email}` })).toHaveCount(0);
      const csv = await m.request.get(`/api/app/enrolments/${new URL(mail.link!).pathname.split("/").pop()}/learners?format=csv`);
      expect(await csv.text()).toContain(`${learnerUser.email},Lou Learner,completed,100,2,2,1,1,`);

      // The seller sees on the accepted proposal what it delivered and how much the buyer handed out.
      await page.goto(`/proposals/${uuid}/edit`);
      const sold = page.getByRole("region", { name: "Seats sold" });
      await expect(sold.getByRole("listitem", { name: "Fire safety basics" }).getByTestId("seats-sold")).toHaveText(
        "2 of 3 seats handed out",
      );
      await expect(sold).toContainText(`Managed by ${managerUser.email}`);
      expect(await overflowsSideways(page)).toBe(false);
      await Promise.all([manager.context.close(), learner.context.close()]);
    });
  });
}
