/**
 * The people and resources of the authorization matrix (test/integration/authorization-matrix.test.ts):
 * one cast of users per service, made once, and a fresh set of the owner's resources per caller,
 * so that a caller's allowed writes (deleting, publishing, sending) never change what the next
 * caller meets. Every resource is one the owner made through the API, in a state where every
 * endpoint succeeds for a caller allowed to use it.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { issueToken } from "@/lib/accounts/tokens";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { EXPORT_LINK_PATH } from "@/lib/authoring/exchange/create-export-link";
import { exportCourse } from "@/lib/authoring/exchange/export-course";
import { exportTokenFor } from "@/lib/authoring/exchange/export-link-token";
import { getDb } from "@/lib/db/client";
import { pdfBytes, pngBytes } from "@/lib/files/test-images";
import { unsubscribeToken } from "@/lib/notifications/unsubscribe-token";
import { addCompanyMember, createCompany } from "@/lib/proposals/companies/companies";
import { createContact } from "@/lib/proposals/contacts/contacts";
import { createRfp } from "@/lib/proposals/rfps/rfps";
import { apiClient, type ApiResponse } from "./api-client";
import { authoringSampleBodies } from "./authoring-samples";
import { seedCertificate } from "./enrolment-factories";
import {
  addComment,
  callerOf,
  createBlock,
  createCategory,
  createCourse,
  createFamily,
  createLesson,
  createModule,
  createProject,
  createQuestion,
  createQuiz,
  createReviewLink,
  createTree,
  newUser,
  questionOfKind,
  reviewTokenOf,
  seedUser,
  suggestChange,
  teamWorkspace,
  type Member,
} from "./factories";
import type { TestServer } from "./http-server";
import { freshEmail, tokenMailedTo } from "./invitation-helpers";
import { postMultipart, type FormFields } from "./multipart";
import { createSentProposal, proposalsClient, readProposal, seedCompanyMember, seedPricedItem } from "./proposals-factories";

const ARCHIVE_EXPORT = { format: "archive", include_drafts: false, completion: "viewed", passing_score: 80, image_links: false } as const;

/** What one caller sends as its Authorization header: none, a garbage string, or `Bearer <key>`. */
export type Credentials = string | undefined;

export const bearer = (key: string): Credentials => `Bearer ${key}`;

/** Not a key of any shape: no scheme, spaces, punctuation. */
export const GARBAGE_AUTHORIZATION = "this is !! not a key ;; at=all";

/** The owner's resources, aimed at by every endpoint, and how to read them back. */
export type MatrixFixture = {
  /** Path ids by parameter name; `idsFor` overrides them for one operation that needs its own target. */
  ids: Record<string, string | number>;
  idsFor: Record<string, Record<string, string | number>>;
  /** A body the owner would be allowed to send, per operation: a refusal comes from who asks. Multipart: the form's fields. */
  bodies: Record<string, unknown>;
  queries: Record<string, string>;
  /** Everything of the owner's the matrix touches, read by the owner. */
  snapshot: () => Promise<unknown>;
  /** Values of the owner's that no answer to an outsider (no key, or a key of no workspace or company of theirs) may show. */
  secrets: string[];
};

/**
 * Calls one endpoint with the given Authorization header (or none) over HTTP: JSON bodies as JSON,
 * multipart endpoints as a form.
 */
export async function callWith(url: string, endpoint: AnyEndpoint, authorization: Credentials, body: unknown): Promise<ApiResponse> {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  let payload: BodyInit | undefined;
  if (body !== undefined && endpoint.bodyKind === "multipart") {
    const form = new FormData();
    for (const [name, value] of Object.entries(body as FormFields)) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.filename);
    }
    payload = form;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(url, { method: endpoint.method, headers, body: payload });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the assertion shows the text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

async function expectOk(res: Promise<ApiResponse> | ApiResponse, status: number, what: string) {
  const r = await res;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
}

// ---- Course authoring ---------------------------------------------------------------------------

/**
 * The owner of a team workspace, its other members by role, a user of no workspace of the owner's,
 * and the author's key of scope `suggest` (docs/decisions/060).
 */
export type AuthoringCast = {
  owner: Member;
  admin: Member;
  author: Member;
  learner: Member;
  stranger: Member;
  revokedKey: string;
  suggestKey: string;
};

export async function authoringCast(server: TestServer): Promise<AuthoringCast> {
  const [owner, admin, author, learner, stranger] = await Promise.all(Array.from({ length: 5 }, () => newUser(server)));
  // A real key of the owner's, revoked through the API: it must open nothing afterwards.
  const revoked = await createApiKey(await getDb(), { userId: owner.user.id, name: "to revoke" });
  await expectOk(owner.api.delete(`/api-keys/${revoked.id}`), 200, "revoking the owner's key");
  const suggestKey = await createApiKey(await getDb(), { userId: author.user.id, name: "author's reviewing agent", scope: "suggest" });
  return { owner, admin, author, learner, stranger, revokedKey: revoked.key, suggestKey: suggestKey.key };
}

/**
 * A new team workspace of the owner's (admin, author and learner added) holding a project with a
 * course tree, a question bank and a quiz placed in the lesson, a course in the trash, a deleted
 * project, and a spare key of the owner's. `published`: the course (and so its lesson) is published.
 */
export async function authoringFixture(cast: AuthoringCast, { published }: { published: boolean }): Promise<MatrixFixture> {
  const { owner } = cast;
  const api = owner.api;
  const workspace = await teamWorkspace(owner, [
    { user: cast.admin, role: "admin" },
    { user: cast.author, role: "author" },
    { user: cast.learner, role: "learner" },
  ]);
  const inWorkspace = { workspace_id: workspace.id };
  const tree = await createTree(api, inWorkspace);
  const projectId: string = tree.project.id;
  const category = await createCategory(api, projectId);
  const family = await createFamily(api, projectId);
  const question = await createQuestion(api, projectId, questionOfKind(category.id));
  const quiz = await createQuiz(api, projectId, [question.id]);
  // Placed in the lesson, so a learner may take it once the lesson is visible to them.
  await createBlock(api, tree.lesson.id, { type: "quiz", quiz_id: quiz.id });
  // Reviewing (docs/decisions/060): a thread and two open suggestions on the (text) block, one to
  // accept and one to reject; and a draft course of its own that a review link opens, with a block
  // and a thread for reviewers, so that what the link shows to anyone is none of the values below.
  const thread = await addComment(api, tree.block.id);
  const toAccept = await suggestChange(api, tree.block.id, { content: { body: "To accept" } });
  const toReject = await suggestChange(api, tree.block.id, { content: { body: "To reject" } });
  const reviewed = await createCourse(api, projectId, { title: "Reviewed course" });
  const reviewedLesson = await createLesson(api, (await createModule(api, reviewed.id)).id);
  const reviewedBlock = await createBlock(api, reviewedLesson.id, { type: "text", content: { body: "Under review" } });
  const reviewedThread = await addComment(api, reviewedBlock.id);
  const reviewLink = await createReviewLink(api, reviewed.id, { allow_suggestions: true });
  const review = { token: reviewTokenOf(reviewLink) };
  const trashedCourse = await createCourse(api, projectId, { title: "Trashed course" });
  await expectOk(api.delete(`/courses/${trashedCourse.id}`), 200, "trashing a course");
  const deletedProject = await createProject(api, { name: "Deleted project", ...inWorkspace });
  await expectOk(api.delete(`/projects/${deletedProject.id}`), 200, "deleting a project");
  if (published) await expectOk(api.post(`/courses/${tree.course.id}/publish`), 200, "publishing the course");
  // A course archive of the owner's course, for import_course_archive: made by the export itself.
  const archive = await exportCourse(await getDb(), callerOf(owner), tree.course.id, ARCHIVE_EXPORT);
  const archiveBytes = new Uint8Array(await new Response(archive.stream).arrayBuffer());
  // Revoking a key is the owner's alone; this one, not the key the owner is calling with.
  const spareKey = await createApiKey(await getDb(), { userId: owner.user.id, name: "spare" });

  const read = async (path: string) => expectOk(api.get(path), 200, `the owner reading ${path}`);
  const ids = {
    projectId,
    courseId: tree.course.id,
    moduleId: tree.module.id,
    lessonId: tree.lesson.id,
    blockId: tree.block.id,
    categoryId: category.id,
    familyId: family.id,
    questionId: question.id,
    quizId: quiz.id,
    keyId: spareKey.id,
    commentId: thread.id,
    suggestionId: toAccept.id,
    reviewLinkId: reviewLink.id,
    // An export link of the owner's for the course's archive: its token is the download's only credential.
    token: exportTokenFor(tree.course.id, owner.user.id, {
      format: "archive",
      include_drafts: false,
      completion: "viewed",
      passing_score: 80,
      image_links: false,
    }).token,
  };
  return {
    ids,
    idsFor: {
      restore_project: { projectId: deletedProject.id },
      reject_suggestion: { suggestionId: toReject.id },
      get_review: review,
      list_review_comments: review,
      add_review_comment: { ...review, blockId: reviewedBlock.id },
      reply_review_comment: { ...review, commentId: reviewedThread.id },
      suggest_review_change: { ...review, blockId: reviewedBlock.id },
    },
    // restore_trash_item restores the course in the trash (the sample body names `courseId`).
    bodies: {
      ...authoringSampleBodies({ workspaceId: workspace.id, courseId: trashedCourse.id, categoryId: category.id, question }),
      import_course_archive: { file: { bytes: archiveBytes, filename: "course-archive.zip", type: "application/zip" } },
      // import_course reads the owner's link directly (its origin aside, our signature makes it ours).
      import_course: { url: `http://localhost${EXPORT_LINK_PATH}${ids.token}` },
    },
    queries: { export_course_package: "format=archive" },
    snapshot: async () => ({
      project: await read(`/projects/${projectId}`),
      deleted: await read("/projects/deleted"),
      categories: await read(`/projects/${projectId}/categories`),
      families: await read(`/projects/${projectId}/question-families`),
      family: await read(`/question-families/${family.id}`),
      questions: await read(`/projects/${projectId}/questions`),
      quizzes: await read(`/projects/${projectId}/quizzes`),
      quiz: await read(`/quizzes/${quiz.id}`),
      trash: await read(`/projects/${projectId}/trash`),
      keys: await read("/api-keys"),
      // Deciding the fixture's suggestions and closing the link are for those who write the course.
      suggestions: ((await read(`/courses/${tree.course.id}/suggestions`)).suggestions as { id: string }[]).filter((x) =>
        [toAccept.id, toReject.id].includes(x.id),
      ),
      reviewLinks: await read(`/courses/${reviewed.id}/review-links`),
    }),
    secrets: [...Object.values(ids), trashedCourse.id, deletedProject.id, workspace.id, owner.user.email],
  };
}

// ---- Proposals ----------------------------------------------------------------------------------

/**
 * The owner of companies, a member of them, one disabled there, a member of another company, a
 * user of no company, and the member's key of scope `suggest`.
 */
export type ProposalsCast = {
  owner: Member;
  member: Member;
  disabledMember: Member;
  otherCompany: Member;
  stranger: Member;
  revokedKey: string;
  suggestKey: string;
};

export async function proposalsCast(server: TestServer): Promise<ProposalsCast> {
  const db = await getDb();
  const [owner, member, disabledMember, otherCompany, stranger] = await Promise.all(Array.from({ length: 5 }, () => newUser(server)));
  // Membership somewhere is not membership everywhere.
  await createCompany(db, { name: "Another company", ownerUserId: otherCompany.user.id });
  const revoked = await createApiKey(db, { userId: owner.user.id, name: "to revoke" });
  await expectOk(owner.api.delete(`/api-keys/${revoked.id}`), 200, "revoking the owner's key");
  const suggestKey = await createApiKey(db, { userId: member.user.id, name: "member's reviewing agent", scope: "suggest" });
  return { owner, member, disabledMember, otherCompany, stranger, revokedKey: revoked.key, suggestKey: suggestKey.key };
}

/**
 * A new company of the owner's (the member added, the disabled member added and disabled) with a contact, an RFP, a library item with an
 * uploaded image, a library attachment, a draft with a block and an internal thread on it, a draft
 * ready to send, and three sent proposals to accept, reject and withdraw.
 */
export async function proposalsFixture(server: TestServer, cast: ProposalsCast): Promise<MatrixFixture> {
  const db = await getDb();
  const { owner } = cast;
  const api = proposalsClient(server, owner.key);
  const company = await createCompany(db, {
    name: `Owner's company ${Math.random().toString(36).slice(2, 8)}`,
    ownerUserId: owner.user.id,
  });
  await addCompanyMember(db, { companyId: company.id, userId: cast.member.user.id });
  await addCompanyMember(db, { companyId: company.id, userId: cast.disabledMember.user.id });
  await db.companyMember.update({
    where: { companyId_userId: { companyId: company.id, userId: cast.disabledMember.user.id } },
    data: { disabled: true },
  });
  // A member whose role an owner changes and who is then removed, an account to add, and an open invitation.
  const spare = await seedUser();
  await addCompanyMember(db, { companyId: company.id, userId: spare.user.id });
  const newcomer = await seedUser();
  const invitedEmail = freshEmail("invited-to-company");
  // Values only the owner's company holds: no answer to an outsider may show them.
  const tag = Math.random().toString(36).slice(2, 8);
  const contact = await createContact(db, { companyId: company.id, firstName: "Customer", email: `customer-${tag}@owner.example` });
  const rfp = await createRfp(db, { companyId: company.id, title: `Owner's RFP ${tag}` });
  const png = () => ({ file: { bytes: pngBytes(2, 2), filename: "owner.png", type: "image/png" }, company_id: String(company.id) });
  const attachmentName = `terms-${tag}.pdf`;
  const pdf = () => ({ file: { bytes: pdfBytes(), filename: attachmentName, type: "application/pdf" }, company_id: String(company.id) });
  const ownerUpload = (path: string, fields: FormFields) => postMultipart(`${server.url}/api/proposals${path}`, owner.key, fields);
  const image = (await expectOk(ownerUpload("/v3/images", png()), 201, "uploading an image")).data;
  await expectOk(ownerUpload("/v1/attachments", pdf()), 201, "uploading an attachment");
  const itemTitle = `Owner's item ${tag}`;
  const item = (
    await expectOk(
      api.post("/v3/content", { company_id: company.id, language: "en", title: itemTitle, images: [{ uuid: image.uuid }] }),
      201,
      "creating a library item",
    )
  ).data;
  const draft = async (title: string) => {
    const body = {
      company_id: company.id,
      language: "en",
      title_md: title,
      recipient: { id: contact.id },
      data: { secret: `owner-data-${tag}` },
      blocks: [{ content_id: item.variation_id }],
    };
    return (await expectOk(api.post("/v3/proposals", body), 201, "creating a draft")).proposal.uuid as string;
  };
  const sent = async (title: string) => {
    const uuid = await draft(title);
    await expectOk(api.post(`/v3/proposals/${uuid}/send`), 200, "sending a draft");
    return uuid;
  };
  const invitation = (
    await expectOk(api.post(`/v3/companies/${company.id}/invitations`, { emails: [invitedEmail], role: "member" }), 201, "inviting")
  ).data[0];
  const proposalTitle = `Owner's proposal ${tag}`;
  const uuid = await draft(proposalTitle);
  const blockUuid: string = (await expectOk(api.get(`/v3/proposals/${uuid}`), 200, "reading the draft")).data.blocks[0].uuid;
  // An internal thread on its block (issue 41), for replies and resolving; its text is the company's alone.
  const remark = `Owner's remark ${tag}`;
  const thread = (await expectOk(api.post(`/v3/proposals/${uuid}/comments`, { body: remark, block_uuid: blockUuid }), 201, "commenting"))
    .data as { id: string };
  // Each status change meets the status it needs, whatever ran before it.
  const toSend = await draft("To send");
  // Approval rounds (issue 41): a rule of the company's, and a draft each that breaks it (a line discounted 60 %).
  await expectOk(api.put(`/v3/companies/${company.id}/approval-rules`, { max_discount_percent: 50 }), 200, "setting approval rules");
  const overTheRule = async (title: string) => {
    const over = await draft(title);
    const overBlock: string = (await expectOk(api.get(`/v3/proposals/${over}`), 200, "reading a draft")).data.blocks[0].uuid;
    await expectOk(api.patch(`/v3/proposals/${over}/blocks/${overBlock}`, { discount: 60 }), 200, "discounting a line");
    return over;
  };
  const [toRequest, toApprove, toDecline] = [await overTheRule("To ask"), await overTheRule("To approve"), await overTheRule("To decline")];
  const [toAccept, toReject, toWithdraw] = [await sent("To accept"), await sent("To reject"), await sent("To withdraw")];

  // Two webhook endpoints (one to delete) and a delivery of a test event; a public address, never called here (no worker runs).
  const webhookUrl = `https://93.184.215.14/hook-${tag}`;
  const newWebhook = async () =>
    (
      await expectOk(
        api.post("/v3/webhooks", { company_id: company.id, url: webhookUrl, events: ["proposal.sent"] }),
        201,
        "registering a webhook",
      )
    ).data as { id: number; secret: string };
  const [webhook, webhookToDelete] = [await newWebhook(), await newWebhook()];
  const webhookDelivery = (await expectOk(api.post(`/v3/webhooks/${webhook.id}/test`), 201, "sending a test event")).data as { id: number };

  const read = async (path: string) => expectOk(api.get(path), 200, `the owner reading ${path}`);
  return {
    ids: {
      companyId: company.id,
      contactId: contact.id,
      productId: item.product_id,
      uuid,
      blockUuid,
      userId: spare.user.id,
      invitationId: invitation.id,
      webhookId: webhook.id,
      deliveryId: webhookDelivery.id,
      commentId: thread.id,
    },
    idsFor: {
      delete_webhook: { webhookId: webhookToDelete.id },
      send_proposal: { uuid: toSend },
      accept_proposal: { uuid: toAccept },
      reject_proposal: { uuid: toReject },
      withdraw_proposal: { uuid: toWithdraw },
      request_proposal_approval: { uuid: toRequest },
      approve_proposal: { uuid: toApprove },
      decline_proposal_approval: { uuid: toDecline },
    },
    bodies: {
      create_company: { name: "A company of the caller's" },
      create_contact: { company_id: company.id, first_name: "New contact" },
      update_contact: { first_name: "Renamed" },
      create_content: { company_id: company.id, language: "en", title: "New item", images: [{ uuid: image.uuid }] },
      update_content: { product_id: item.product_id, language: "en", title: "Renamed item" },
      // Unlinking needs no course: who may write the item is what the matrix asks (content-course.test.ts: linking).
      set_content_course: { course_id: null },
      restore_content: { product_ids: [item.product_id], variation_ids: [item.variation_id] },
      upload_image: png(),
      upload_attachment: pdf(),
      create_proposal: { company_id: company.id, language: "en", title_md: "New proposal", recipient: { id: contact.id } },
      update_proposal: { company_id: company.id, title_md: "Renamed proposal" },
      create_proposal_version: { company_id: company.id, language: "en", title_md: "Next version" },
      update_proposal_data: { data: { note: "changed" } },
      edit_proposal_block: { title: "Renamed block", quantity: 3 },
      send_proposal: { expires_at: Math.floor(Date.now() / 1000) + 86_400 },
      add_company_member: { email: newcomer.user.email, role: "member" },
      update_company_member: { role: "owner" },
      invite_to_company: { emails: [freshEmail("invited-to-company")], role: "member" },
      create_webhook: { company_id: company.id, url: webhookUrl, events: ["proposal.sent", "proposal.accepted"] },
      update_webhook: { description: "Renamed webhook" },
      add_proposal_comment: { body: "Another remark", block_uuid: blockUuid },
      reply_to_proposal_comment: { body: "A reply" },
      update_proposal_comment: { status: "resolved" },
      set_approval_rules: { max_discount_percent: 50 },
      // The owner administers their personal workspace (issue 43).
      set_company_workspace: { workspace_id: owner.personalWorkspace.id },
      request_proposal_approval: { note: "Please approve" },
      approve_proposal: { note: "Fine" },
      decline_proposal_approval: { note: "Too much" },
    },
    queries: {
      list_contacts: `company_id=${company.id}&include_archived=true`,
      list_rfps: `company_id=${company.id}`,
      list_content: `company_id=${company.id}&product_id=${item.product_id}&include_archived=true&include_sources=true`,
      delete_content: `product_id=${item.product_id}`,
      list_attachments: `company_id=${company.id}`,
      list_proposals: `company_id=${company.id}&include_archived=true`,
      list_webhooks: `company_id=${company.id}`,
    },
    snapshot: async () => ({
      companies: await read("/v3/companies"),
      contacts: await read(`/v3/contacts?company_id=${company.id}&include_archived=true`),
      rfps: await read(`/v3/rfps?company_id=${company.id}`),
      content: await read(`/v3/content?company_id=${company.id}&include_archived=true&include_sources=true`),
      attachments: await read(`/v1/attachments?company_id=${company.id}`),
      proposals: await read(`/v3/proposals?company_id=${company.id}&include_archived=true`),
      proposal: await read(`/v3/proposals/${uuid}`),
      members: await read(`/v3/companies/${company.id}/members`),
      webhooks: await read(`/v3/webhooks?company_id=${company.id}`),
      deliveries: await read(`/v3/webhooks/${webhook.id}/deliveries`),
    }),
    secrets: [
      company.name,
      contact.email!,
      rfp.title,
      itemTitle,
      image.uuid,
      attachmentName,
      proposalTitle,
      `owner-data-${tag}`,
      spare.user.email,
      invitedEmail,
      invitation.id,
      webhookUrl,
      webhook.secret,
      remark,
      thread.id,
    ],
  };
}

// ---- The app's own endpoints --------------------------------------------------------------------

/**
 * The app's own endpoints meet the course-authoring cast: a new team workspace of the owner's
 * (admin, author and learner added, and a spare learner to change and remove) with a course whose
 * lesson holds a practice question and a quiz, a user of no workspace of the owner's to add, and
 * four sent proposals of another user's company for their recipient to accept, reject, choose
 * options on and ask changes to (public: the link is all it takes). `published`: the course is published.
 */
export async function appFixture(server: TestServer, cast: AuthoringCast, { published }: { published: boolean }): Promise<MatrixFixture> {
  const { owner } = cast;
  const api = owner.api;
  const spare = await newUser(server);
  const newcomer = await seedUser();
  const workspace = await teamWorkspace(owner, [
    { user: cast.admin, role: "admin" },
    { user: cast.author, role: "author" },
    { user: cast.learner, role: "learner" },
    { user: spare, role: "learner" },
  ]);
  const tree = await createTree(api, { workspace_id: workspace.id });
  const projectId: string = tree.project.id;
  const category = await createCategory(api, projectId);
  const question = await createQuestion(api, projectId, questionOfKind(category.id));
  const quiz = await createQuiz(api, projectId, [question.id]);
  // Placed in the lesson, so a learner may take the quiz and check the question once the lesson is visible to them.
  await createBlock(api, tree.lesson.id, { type: "quiz", quiz_id: quiz.id });
  await createBlock(api, tree.lesson.id, { type: "question", question_id: question.id, question_role: "practice" });
  if (published) await expectOk(api.post(`/courses/${tree.course.id}/publish`), 200, "publishing the course");
  const seller = await seedCompanyMember(server);
  // One with an optional block, for its recipient to leave out.
  const option = await seedPricedItem({ companyId: seller.company.id, price: 50 });
  const toChoose = await createSentProposal(seller, { blocks: [{ content_id: option.variationId, optional: true }] });
  const optionUuid = (await readProposal(seller.api, toChoose)).blocks[0].uuid as string;
  const [toAccept, toReject, toChange] = [
    await createSentProposal(seller),
    await createSentProposal(seller),
    await createSentProposal(seller),
  ];
  const answer = [question.options[0].id];
  // Seats of the course that the seller sold, managed by the owner's address (issue 43): a learner
  // invited who has not started, for the owner to free; seats to spare for every invitation.
  const sold = await createSentProposal(seller);
  const enrolment = await (
    await getDb()
  ).enrolment.create({
    data: {
      proposalId: sold,
      blockUuid: "matrix-block",
      companyId: seller.company.id,
      courseId: tree.course.id,
      seats: 100,
      managers: { create: { email: owner.user.email.toLowerCase() } },
      learners: { create: { email: freshEmail("seat-holder") } },
    },
    include: { learners: true },
  });

  // A certificate of the spare learner's in the workspace's course: its learner, admins and authors read it; admins revoke it.
  const certificate = await seedCertificate({ userId: spare.user.id, courseId: tree.course.id });

  const app = apiClient(`${server.url}/api`, owner.key);
  // An open invitation to the workspace; and, to another team of the owner's (outside the snapshot),
  // one for the stranger to accept and one for a new address to sign up with.
  const invite = async (workspaceId: string, email: string) =>
    (await expectOk(app.post(`/workspaces/${workspaceId}/invitations`, { emails: [email], role: "learner" }), 201, "inviting"))
      .invitations[0].id as string;
  const invitationId = await invite(workspace.id, freshEmail("invited"));
  const elsewhere = await teamWorkspace(owner, []);
  await invite(elsewhere.id, cast.stranger.user.email);
  const toSignUp = freshEmail("signs-up-invited");
  await invite(elsewhere.id, toSignUp);
  const [strangersToken, signUpToken] = [await tokenMailedTo(cast.stranger.user.email), await tokenMailedTo(toSignUp)];
  // An account of no one in the cast, with a reset link of its own for this caller to use.
  const resetting = await seedUser();
  const { token: resetToken } = await (await getDb()).$transaction((tx) => issueToken(tx, resetting.user.id, "password_reset"));
  const read = async (path: string) => expectOk(app.get(path), 200, `the owner reading ${path}`);
  const ids = {
    workspaceId: workspace.id,
    userId: spare.user.id,
    projectId,
    courseId: tree.course.id,
    lessonId: tree.lesson.id,
    targetId: tree.lesson.id,
    questionId: question.id,
    quizId: quiz.id,
    uuid: toAccept,
    invitationId,
    token: strangersToken,
    enrolmentId: enrolment.id,
    email: enrolment.learners[0].email,
    certificateId: certificate.id,
  };
  return {
    ids,
    idsFor: {
      reject_public_proposal: { uuid: toReject },
      save_public_proposal_choices: { uuid: toChoose },
      request_public_proposal_changes: { uuid: toChange },
      // Reported after the answers: a proposal still awaiting its answer (choosing leaves it so).
      record_public_proposal_engagement: { uuid: toChoose },
      accept_invitation_with_sign_up: { token: signUpToken },
    },
    bodies: {
      sign_up: {
        email: `signs-up-${randomBytes(4).toString("hex")}@example.test`,
        password: `pw-${randomBytes(12).toString("base64url")}`,
        name: "New",
      },
      // Not the address of the link below: asking for a link replaces the older one.
      request_password_reset: { email: `forgets-${randomBytes(4).toString("hex")}@example.test` },
      reset_password: { token: resetToken, password: `pw-${randomBytes(12).toString("base64url")}` },
      create_workspace: { name: "A team of the caller's" },
      add_member: { email: newcomer.user.email, role: "author" },
      update_member: { role: "author" },
      check_answer: { selected_option_ids: answer },
      preview_quiz: { answers: [{ question_id: question.id, selected_option_ids: answer }] },
      accept_public_proposal: { name: "Rita Recipient", consent: true },
      save_public_proposal_choices: { blocks: [{ uuid: optionUuid, selected: false }] },
      request_public_proposal_changes: { message: "Could the panels be black instead?", name: "Rita Recipient" },
      record_public_proposal_engagement: {
        view_id: "00000000-0000-4000-8000-00000000e064",
        blocks: [{ block_uuid: optionUuid, seconds: 12 }],
      },
      verify_acceptance_record: { sha256: "0".repeat(64) },
      invite_to_workspace: { emails: [freshEmail("invited")], role: "author" },
      accept_invitation_with_sign_up: { name: "Ivy Invited", password: `pw-${randomBytes(12).toString("base64url")}` },
      update_notification_settings: { proposal_viewed: true },
      update_presence: { session: "matrix-tab-0001", target: { kind: "lesson", id: tree.lesson.id } },
      invite_learners: { emails: [freshEmail("learner")] },
      add_enrolment_manager: { email: freshEmail("manager") },
      revoke_certificate: { reason: "Issued in error" },
    },
    queries: { unsubscribe_notification: `token=${unsubscribeToken(owner.user.id, "proposal_viewed")}` },
    snapshot: async () => ({
      members: await read(`/workspaces/${workspace.id}/members`),
      invitations: await read(`/workspaces/${workspace.id}/invitations`),
      history: await read(`/history/${tree.lesson.id}`),
      project: await expectOk(api.get(`/projects/${projectId}`), 200, "the owner reading the project"),
      enrolment: await read(`/app/enrolments/${enrolment.id}`),
      learners: await read(`/app/enrolments/${enrolment.id}/learners`),
    }),
    secrets: [
      ...Object.values(ids).filter((id) => id !== toAccept),
      workspace.name,
      owner.user.email,
      spare.user.email,
      newcomer.user.email,
    ],
  };
}
