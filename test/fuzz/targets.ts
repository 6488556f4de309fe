/**
 * Where the fuzz tests aim each write endpoint: the owner's resources its path names, and, where
 * a valid request must name a real row or follow a rule the schema cannot state (a question's
 * option rules, a unique category name, an item that is in the trash), the arbitrary or set-up
 * that makes a generated request valid. Everything else is derived from the endpoint's schemas.
 */
import fc from "fast-check";
import { encode } from "next-auth/jwt";
import { expect } from "vitest";
import type { z } from "zod";
import { issueToken } from "@/lib/accounts/tokens";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { authSecret } from "@/lib/auth/secret";
import { BLOCK_TYPES } from "@/lib/authoring/blocks/schemas";
import { getDb } from "@/lib/db/client";
import { NOTIFICATION_KINDS } from "@/lib/notifications/kinds";
import { unsubscribeToken } from "@/lib/notifications/unsubscribe-token";
import { createRfp } from "@/lib/proposals/rfps/rfps";
import { apiClient } from "../api-client";
import { seedCertificate } from "../enrolment-factories";
import type { Api } from "../factories";
import {
  authoringClient,
  createBlock,
  createCategory,
  createCourse,
  createFamily,
  createLesson,
  createModule,
  createQuestion,
  createQuiz,
  createTree,
  newUser,
  questionOfKind,
  seedUser,
  teamWorkspace,
} from "../factories";
import type { TestServer } from "../http-server";
import { tokenMailedTo } from "../invitation-helpers";
import {
  createDraft,
  createSentProposal,
  joinCompany,
  readProposal,
  seedCompanyMember,
  seedContact,
  seedLibraryAttachment,
  seedPricedItem,
  uploadPng,
} from "../proposals-factories";
import { defOf, omit, text, validOf, type Overrides } from "./zod-arbitrary";

export type Ids = Record<string, string | number>;
/** One request: its query string's fields and its body (absent: none sent). */
export type FuzzRequest = { query?: Record<string, string>; body?: unknown };

export type Target = {
  /** Path ids; `forValid`: ones a valid call may use up (a fresh draft to send, an item to delete). */
  ids: (forValid: boolean) => Promise<Ids>;
  /** Valid requests, before the schemas' refinements filter them. */
  valid: fc.Arbitrary<FuzzRequest>;
  /** How the owner authenticates, when not with their API key (some endpoints serve browser sessions only). */
  headers?: Record<string, string>;
  /** Finishes a valid request just before it is sent: a unique name, an item put in the trash to restore. */
  finish?: (request: FuzzRequest, ids: Ids) => Promise<FuzzRequest>;
};

export type ServiceFixture = {
  /** The owner's client of this service. */
  api: Api;
  key: string;
  /** Targets written out, by operationId: where a valid request needs more than the schema says. */
  targets: Record<string, Target>;
  /** The owner's resources by path parameter name: what a new endpoint without a target is aimed at. */
  ids: Ids;
  /** The proposals service's company of the owner (multipart uploads name it). */
  companyId?: number;
};

/** The schema at a path of an object schema: `options[]`, `recipient.id`. */
export function schemaAt(schema: z.ZodType, path: string): z.ZodType {
  let current = schema;
  for (const part of path.split(".")) {
    const [key, ...arrays] = part.split("[]");
    current = unwrap(current);
    if (key) current = defOf(current).shape![key];
    for (let i = 1; i < arrays.length + 1; i++) current = defOf(unwrap(current)).element!;
  }
  return current;
}
const unwrap = (schema: z.ZodType): z.ZodType => {
  const def = defOf(schema);
  return ["optional", "nullable", "default", "pipe"].includes(def.type) ? unwrap(def.innerType ?? def.in!) : schema;
};

const bodyOnly = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzRequest> => arb.map((body) => ({ body }));

/** The body of a write of the set-up that must have succeeded (201). */
async function created(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const fixed = (ids: Ids) => async () => ids;
let unique = 0;
/** A name no other generated name has: categories' names are unique in a project. */
const uniquely = (name: string, max: number) => {
  const suffix = ` ${(++unique).toString(36)}`;
  return `${name.trim().slice(0, max - suffix.length)}${suffix}`;
};

/**
 * The target of a write endpoint: the one written out for it, or one derived from its schemas
 * alone, aimed at the owner's resources its path names. A new endpoint is fuzzed the day it is
 * declared; if its valid requests need real rows or rules, its first run says so.
 */
export function targetOf(fixture: ServiceFixture, endpoint: AnyEndpoint): Target {
  const written = fixture.targets[endpoint.operationId];
  if (written) return written;
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const ids = Object.fromEntries(names.map((name) => [name, fixture.ids[name]]));
  const body = endpoint.body ? validOf(endpoint.body) : fc.constant(undefined);
  const query = endpoint.query ? validOf(endpoint.query) : fc.constant(undefined);
  const valid = fc.tuple(query, body).map(([q, b]) => ({
    ...(q ? { query: Object.fromEntries(Object.entries(q as object).map(([k, v]) => [k, String(v)])) } : {}),
    ...(b !== undefined ? { body: b } : {}),
  }));
  return { ids: fixed(ids), valid };
}

const endpointOf = (endpoints: AnyEndpoint[], operationId: string) => {
  const found = endpoints.find((e) => e.operationId === operationId);
  if (!found) throw new Error(`No endpoint ${operationId}`);
  return found;
};

/** A session cookie as next-auth writes it at sign-in (as test/integration/sessions.test.ts makes one). */
async function sessionCookie(user: { id: string; sessionVersion: number }) {
  const token = await encode({
    token: { sub: user.id, sv: user.sessionVersion, signedInAt: Math.floor(Date.now() / 1000) },
    secret: authSecret(),
  });
  return `next-auth.session-token=${token}`;
}

type WithOptions = { id: string; options: { id: string }[] };

/** Answers to some of a quiz's questions (each once), each choosing some of its own options. */
const answersTo = (questions: WithOptions[]) =>
  fc
    .subarray(questions, { minLength: 0 })
    .chain((qs) =>
      fc.tuple(
        ...qs.map((q) => fc.subarray(q.options.map((o) => o.id)).map((selected) => ({ question_id: q.id, selected_option_ids: selected }))),
      ),
    );

// ---- Course authoring ---------------------------------------------------------------------------

type QuestionType = "true_false" | "single_choice" | "multiple_choice";

/** Options that follow a question type's rules (course-authoring-service.md, Option rules). */
function optionsFor(option: z.ZodType, type: QuestionType): fc.Arbitrary<unknown[]> {
  const flags =
    type === "true_false"
      ? fc.constantFrom([true, false], [false, true])
      : fc
          .integer({ min: 2, max: 6 })
          .chain((n) =>
            type === "single_choice"
              ? fc.nat({ max: n - 1 }).map((right) => Array.from({ length: n }, (_, i) => i === right))
              : fc.array(fc.boolean(), { minLength: n, maxLength: n }).filter((f) => f.filter(Boolean).length >= 2),
          );
  return flags.chain((fs) => fc.tuple(...fs.map((isCorrect) => validOf(option, { id: omit, is_correct: fc.constant(isCorrect) }))));
}

function questionBody(schema: z.ZodType, grouping: Overrides, optionsRequired: boolean): fc.Arbitrary<unknown> {
  const option = schemaAt(schema, "options[]");
  // A type comes with options that follow its rules (fc.record may leave optional keys out, so both are set here).
  const typed = fc
    .constantFrom<QuestionType>("true_false", "single_choice", "multiple_choice")
    .chain((type) =>
      fc
        .tuple(validOf(schema, grouping), optionsFor(option, type))
        .map(([body, options]) => ({ ...(body as object), question_type: type, options })),
    );
  if (optionsRequired) return typed;
  // Without a type and options, the question keeps its own (then they must not change alone).
  return fc.oneof(typed, validOf(schema, { ...grouping, question_type: omit, options: omit }));
}

export async function authoringFixture(server: TestServer, endpoints: AnyEndpoint[]): Promise<ServiceFixture> {
  const owner = await newUser(server);
  const { api } = owner;
  const tree = await createTree(api, { name: "Fuzzed project", workspace_id: owner.personalWorkspace.id });
  const projectId: string = tree.project.id;
  const otherModule = await createModule(api, tree.course.id, { title: "Second module" });
  const otherLesson = await createLesson(api, otherModule.id, { title: "Lesson of the second module" });
  const category = await createCategory(api, projectId, "Fuzzed category");
  const family = await createFamily(api, projectId, "Fuzzed family");
  const quizQuestions = [
    await createQuestion(api, projectId, questionOfKind(category.id, "single")),
    await createQuestion(api, projectId, questionOfKind(category.id, "multiple")),
    await createQuestion(api, projectId, questionOfKind(category.id, "true_false")),
  ];
  const questionToEdit = await createQuestion(api, projectId, questionOfKind(category.id, "single"));
  const quizToEdit = await createQuiz(api, projectId, [quizQuestions[0].id]);
  const quizToTake = await createQuiz(
    api,
    projectId,
    quizQuestions.map((q) => q.id),
  );
  const questionIds = quizQuestions.map((q) => q.id as string);
  // Reviewing (docs/decisions/060): a thread on the block, a block of its own whose suggestions are
  // accepted, and a review link of the course that allows suggestions, with a thread for reviewers.
  const thread = await created(api.post(`/blocks/${tree.block.id}/comments`, { body: "Fuzzed thread" }));
  const acceptedBlock = await createBlock(api, tree.lesson.id, { type: "text", content: { body: "Suggestions accepted here" } });
  const reviewLink = await created(api.post(`/courses/${tree.course.id}/review-links`, { allow_suggestions: true }));
  const reviewToken = new URL(reviewLink.url as string).pathname.split("/").pop()!;
  const reviewerThread = await created(
    apiClient(`${server.url}/api/authoring`).post(`/review/${reviewToken}/blocks/${tree.block.id}/comments`, {
      name: "Fuzzed reviewer",
      email: "reviewer@fuzz.example",
      body: "A reviewer's thread",
    }),
  );

  const body = (operationId: string) => endpointOf(endpoints, operationId).body!;
  const generated = (operationId: string, overrides: Overrides = {}) => bodyOnly(validOf(body(operationId), overrides));
  const grouping: Overrides = {
    category_id: fc.constant(category.id),
    question_family_id: fc.constantFrom(null, family.id),
  };
  const inProject = { projectId };

  /** Something of `kind` in the project, put in the trash: what a restore can bring back. */
  async function trashed(kind: string): Promise<string> {
    const made: Record<string, () => Promise<{ id: string }>> = {
      course: () => createCourse(api, projectId),
      module: () => createModule(api, tree.course.id),
      lesson: () => createLesson(api, tree.module.id),
      block: () => createBlock(api, tree.lesson.id),
      question: () => createQuestion(api, projectId, questionOfKind(category.id, "true_false")),
      quiz: () => createQuiz(api, projectId, []),
      category: () => createCategory(api, projectId, uniquely("Trashed", 120)),
      question_family: () => createFamily(api, projectId),
    };
    const paths: Record<string, string> = {
      course: "/courses",
      module: "/modules",
      lesson: "/lessons",
      block: "/blocks",
      question: "/questions",
      quiz: "/quizzes",
      category: "/categories",
      question_family: "/question-families",
    };
    const { id } = await made[kind]();
    const res = await api.delete(`${paths[kind]}/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return id;
  }

  const mentionsOfOwner = fc.oneof(omit, fc.constant([]), fc.constant([owner.user.id]));
  const markdown = text(0, 2000).map((words) => ({ body: words }));
  const futureMoment = fc.integer({ min: 60, max: 365 * 86_400 }).map((seconds) => new Date(Date.now() + seconds * 1000).toISOString());
  // What an invalid accept names: refused for its body before the suggestion is read.
  const standingSuggestion = await created(api.post(`/blocks/${acceptedBlock.id}/suggestions`, { content: { body: "Standing" } }));

  const targets: Record<string, Target> = {
    create_project: {
      ids: fixed({}),
      valid: generated("create_project", { workspace_id: fc.oneof(omit, fc.constant(owner.personalWorkspace.id)) }),
    },
    update_project: { ids: fixed(inProject), valid: generated("update_project") },
    create_course: { ids: fixed(inProject), valid: generated("create_course") },
    update_course: { ids: fixed({ courseId: tree.course.id }), valid: generated("update_course") },
    create_module: { ids: fixed({ courseId: tree.course.id }), valid: generated("create_module") },
    update_module: { ids: fixed({ moduleId: tree.module.id }), valid: generated("update_module") },
    create_lesson: { ids: fixed({ moduleId: tree.module.id }), valid: generated("create_lesson") },
    update_lesson: {
      ids: fixed({ lessonId: tree.lesson.id }),
      valid: generated("update_lesson", { module_id: fc.oneof(omit, fc.constantFrom(tree.module.id, otherModule.id)) }),
    },
    create_block: {
      ids: fixed({ lessonId: tree.lesson.id }),
      valid: bodyOnly(
        fc.constantFrom(...BLOCK_TYPES).chain((type) =>
          validOf(body("create_block"), {
            type: fc.constant(type),
            question_id: type === "question" ? fc.constantFrom(...questionIds) : omit,
            question_role: type === "question" ? validOf(schemaAt(body("create_block"), "question_role")) : omit,
            quiz_id: type === "quiz" ? fc.constant(quizToTake.id) : omit,
          }),
        ),
      ),
    },
    update_block: {
      ids: fixed({ blockId: tree.block.id }),
      // The block is a text block: question and quiz fields belong to other types, and the type never changes.
      valid: generated("update_block", {
        question_id: omit,
        question_role: omit,
        quiz_id: omit,
        type: omit,
        lesson_id: fc.oneof(omit, fc.constantFrom(tree.lesson.id, otherLesson.id)),
      }),
    },
    submit_quiz: { ids: fixed({ quizId: quizToTake.id }), valid: generated("submit_quiz", { answers: answersTo(quizQuestions) }) },
    create_quiz: {
      ids: fixed(inProject),
      valid: generated("create_quiz", { question_ids: fc.oneof(omit, fc.shuffledSubarray(questionIds)) }),
    },
    update_quiz: {
      ids: fixed({ quizId: quizToEdit.id }),
      valid: generated("update_quiz", { question_ids: fc.oneof(omit, fc.shuffledSubarray(questionIds)) }),
    },
    create_category: {
      ids: fixed(inProject),
      valid: generated("create_category"),
      finish: async (r) => ({ body: { ...(r.body as object), name: uniquely((r.body as { name: string }).name, 120) } }),
    },
    update_category: {
      ids: fixed({ categoryId: category.id }),
      valid: generated("update_category"),
      finish: async (r) => ({ body: { ...(r.body as object), name: uniquely((r.body as { name: string }).name, 120) } }),
    },
    create_question_family: { ids: fixed(inProject), valid: generated("create_question_family") },
    update_question_family: { ids: fixed({ familyId: family.id }), valid: generated("update_question_family") },
    create_question: { ids: fixed(inProject), valid: bodyOnly(questionBody(body("create_question"), grouping, true)) },
    update_question: {
      ids: fixed({ questionId: questionToEdit.id }),
      valid: bodyOnly(questionBody(body("update_question"), grouping, false)),
    },
    restore_trash_item: {
      ids: fixed(inProject),
      valid: generated("restore_trash_item"),
      finish: async (r) => {
        const { kind } = r.body as { kind: string };
        return { body: { kind, id: await trashed(kind) } };
      },
    },
    // The course is a draft: a package of it is a review copy (include_drafts), as the archive always is.
    export_course: {
      ids: fixed({ courseId: tree.course.id }),
      valid: generated("export_course"),
      finish: async (r) => ({ body: { ...(r.body as object), include_drafts: true } }),
    },
    // An archive to import comes from a link: the owner's export link of their course.
    import_course: {
      ids: fixed(inProject),
      valid: fc.constant({ body: {} }),
      finish: async () => {
        const link = await api.post(`/courses/${tree.course.id}/export-link`, { format: "archive" });
        expect(link.status, JSON.stringify(link.body)).toBe(200);
        return { body: { url: (link.body as { url: string }).url } };
      },
    },
    // Keys are made in the browser, never with a key: the owner signs in.
    create_api_key: {
      ids: fixed({}),
      valid: generated("create_api_key"),
      headers: { cookie: await sessionCookie(owner.user), origin: server.url },
    },
    // Mentions name members of the course's workspace: the owner alone is one (and is never mailed about their own words).
    add_comment: { ids: fixed({ blockId: tree.block.id }), valid: generated("add_comment", { mentions: mentionsOfOwner }) },
    reply_to_comment: { ids: fixed({ commentId: thread.id }), valid: generated("reply_to_comment", { mentions: mentionsOfOwner }) },
    // A suggestion holds content of the block's type: the block is a text block.
    suggest_block_change: { ids: fixed({ blockId: tree.block.id }), valid: generated("suggest_block_change", { content: markdown }) },
    // Each valid accept decides a suggestion of its own, made just before on a block nothing else edits.
    accept_suggestion: {
      ids: async (forValid) => ({
        suggestionId: forValid
          ? (await created(api.post(`/blocks/${acceptedBlock.id}/suggestions`, { content: { body: `Suggested ${++unique}` } }))).id
          : standingSuggestion.id,
      }),
      valid: generated("accept_suggestion"),
    },
    // A link ends in the future.
    create_review_link: {
      ids: fixed({ courseId: tree.course.id }),
      valid: generated("create_review_link", { expires_at: fc.oneof(omit, futureMoment) }),
    },
    add_review_comment: { ids: fixed({ token: reviewToken, blockId: tree.block.id }), valid: generated("add_review_comment") },
    reply_review_comment: { ids: fixed({ token: reviewToken, commentId: reviewerThread.id }), valid: generated("reply_review_comment") },
    suggest_review_change: {
      ids: fixed({ token: reviewToken, blockId: tree.block.id }),
      valid: generated("suggest_review_change", { content: markdown }),
    },
  };
  const ids: Ids = {
    projectId,
    courseId: tree.course.id,
    moduleId: tree.module.id,
    lessonId: tree.lesson.id,
    blockId: tree.block.id,
    quizId: quizToEdit.id,
    categoryId: category.id,
    familyId: family.id,
    questionId: questionToEdit.id,
    commentId: thread.id,
    suggestionId: standingSuggestion.id,
    reviewLinkId: reviewLink.id,
    token: reviewToken,
  };
  return { api, key: owner.key, targets, ids };
}

// ---- Proposals ------------------------------------------------------------------------------------

export async function proposalsFixture(server: TestServer, endpoints: AnyEndpoint[]): Promise<ServiceFixture> {
  const db = await getDb();
  const owner = await seedCompanyMember(server);
  const companyId = owner.company.id;
  const contact = await seedContact(companyId);
  // The recipient of the drafts a valid send sends: one update_contact never changes, so it keeps the email a reminder needs.
  const sendTo = await seedContact(companyId);
  const rfp = await createRfp(db, { companyId, title: "Fuzzed RFP" });
  const imageUuid = await uploadPng(owner);
  const image = await db.asset.findUniqueOrThrow({ where: { uuid: imageUuid } });
  const item = await seedPricedItem({ companyId });
  const attachment = await seedLibraryAttachment(companyId);
  const draftWithBlock = async () => {
    const uuid = await createDraft(owner, { recipient: { id: contact.id }, blocks: [{ content_id: item.variationId }] });
    return { uuid, blockUuid: (await readProposal(owner.api, uuid)).blocks[0].uuid as string };
  };
  const draftToUpdate = await draftWithBlock();
  const draftToEditBlock = await draftWithBlock();
  const draftForData = await draftWithBlock();
  // Internal threads (issue 41) on a draft of their own, whose block no other target removes, and one thread to answer.
  const draftForComments = await draftWithBlock();
  const commentsOf = `/v3/proposals/${draftForComments.uuid}/comments`;
  const thread = (await created(owner.api.post(commentsOf, { body: "Fuzzed thread" }))).data as { id: string };
  const sentToVersion = await createSentProposal(owner, { title_md: "Fuzzed series" });
  // Approvals (issue 41): the rules fuzzed on a company of their own, so that no limit they set refuses another target's send;
  // approval rounds in a third, whose one rule (no discount at all) each round's fresh draft breaks.
  const ownCompany = async (name: string) => (await created(owner.api.post("/v3/companies", { name }))).data.id as number;
  const rulesCompanyId = await ownCompany("Fuzzed rules");
  const roundsCompanyId = await ownCompany("Fuzzed approval rounds");
  const roundsItem = await seedPricedItem({ companyId: roundsCompanyId });
  const ruled = await owner.api.put(`/v3/companies/${roundsCompanyId}/approval-rules`, { max_discount_percent: 0 });
  if (ruled.status !== 200) throw new Error(`set approval rules answered ${ruled.status}: ${JSON.stringify(ruled.body)}`);
  const draftOverTheRule = () =>
    createDraft({ api: owner.api, company: { id: roundsCompanyId } }, { blocks: [{ content_id: roundsItem.variationId, discount: 10 }] });
  const draftForRounds = await draftOverTheRule();
  const freshRound = async (forValid: boolean) => ({ uuid: forValid ? await draftOverTheRule() : draftForRounds });
  // The workspace a company sells (issue 43) is fuzzed on a company of its own; the fixture's company sells
  // the owner's personal workspace, whose one published course the item may deliver.
  const workspaceCompanyId = await ownCompany("Fuzzed workspace link");
  const sold = await owner.api.put(`/v3/companies/${companyId}/workspace`, { workspace_id: owner.personalWorkspace.id });
  if (sold.status !== 200) throw new Error(`set company workspace answered ${sold.status}: ${JSON.stringify(sold.body)}`);
  const authoring = authoringClient(server, owner.key);
  const courseProject = (await authoring.post("/projects", { name: "Sold courses", workspace_id: owner.personalWorkspace.id })).body;
  const soldCourse = await createCourse(authoring, courseProject.id, { title: "Sold course" });
  const published = await authoring.post(`/courses/${soldCourse.id}/publish`);
  if (published.status !== 200) throw new Error(`publish answered ${published.status}: ${JSON.stringify(published.body)}`);
  // A member whose role changes (the owner stays one).
  const spare = await seedUser();
  await joinCompany(spare, companyId);

  // A webhook endpoint with a delivery, at a public address never called here (no worker runs in tests).
  const webhookUrl = fc.constant("https://93.184.215.14/fuzzed-hook");
  const newWebhook = async () => {
    const res = await owner.api.post("/v3/webhooks", {
      company_id: companyId,
      url: "https://93.184.215.14/fuzzed-hook",
      events: ["proposal.sent"],
    });
    if (res.status !== 201) throw new Error(`create webhook answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data.id as number;
  };
  const webhookId = await newWebhook();
  const webhookDelivery = await owner.api.post(`/v3/webhooks/${webhookId}/test`);
  if (webhookDelivery.status !== 201) throw new Error(`test webhook answered ${webhookDelivery.status}`);

  const body = (operationId: string) => endpointOf(endpoints, operationId).body!;
  const generated = (operationId: string, overrides: Overrides = {}) => bodyOnly(validOf(body(operationId), overrides));
  const company = fc.constant(companyId);
  const asset = fc.constant({ id: image.id, uuid: image.uuid });
  const now = () => Math.floor(Date.now() / 1000);

  // Real rows wherever the service looks one up; urls the service would download are never generated (no network here).
  const proposalFields = (schema: z.ZodType): Overrides => ({
    company_id: company,
    background_image: fc.oneof(omit, fc.constant(null), asset),
    background_video: fc.oneof(omit, fc.constant(null), asset),
    // An existing contact by id, or a new one by its fields (never both).
    recipient: fc.oneof(fc.constant({ id: contact.id }), validOf(schemaAt(schema, "recipient"), { id: omit })),
    // fc.record may leave optional keys out: the fields a kind of block or attachment needs are set after.
    "blocks[]": fc.oneof(
      validOf(schemaAt(schema, "blocks[]"), {
        uuid: omit,
        type: fc.oneof(omit, fc.constant("product-block")),
        video_url: omit,
        "image_uuids[]": fc.constant(imageUuid),
      }).map((block) => ({ ...(block as object), content_id: item.variationId })),
      fc
        .tuple(
          validOf(schemaAt(schema, "blocks[]"), { uuid: omit, content_id: omit, "image_uuids[]": fc.constant(imageUuid) }),
          validOf(schemaAt(schema, "blocks[].video_url")),
        )
        .map(([block, videoUrl]) => ({ ...(block as object), type: "video-block", video_url: videoUrl })),
    ),
    "attachments[]": fc.oneof(
      fc.constant({ id: attachment.id }),
      fc
        .tuple(validOf(schemaAt(schema, "attachments[].name")), validOf(schemaAt(schema, "attachments[].url")))
        .map(([name, url]) => ({ mime_type: "text/html", name, url })),
    ),
    "tracking.created_from_rfp": fc.oneof(omit, fc.constant(rfp.id)),
    "tracking.created_from_template": omit,
  });
  const contentFields: Overrides = {
    company_id: company,
    "images[]": validOf(schemaAt(body("create_content"), "images[]"), { uuid: fc.constant(imageUuid) }),
  };

  const targets: Record<string, Target> = {
    create_company: { ids: fixed({}), valid: generated("create_company") },
    create_contact: { ids: fixed({}), valid: generated("create_contact", { company_id: company }) },
    update_contact: { ids: fixed({ contactId: contact.id }), valid: generated("update_contact") },
    create_proposal: { ids: fixed({}), valid: generated("create_proposal", proposalFields(body("create_proposal"))) },
    update_proposal: {
      ids: fixed({ uuid: draftToUpdate.uuid }),
      valid: generated("update_proposal", proposalFields(body("update_proposal"))),
    },
    create_proposal_version: {
      ids: fixed({ uuid: sentToVersion }),
      valid: generated("create_proposal_version", proposalFields(body("create_proposal_version"))),
    },
    edit_proposal_block: {
      ids: fixed(draftToEditBlock),
      // The quantity and its range are judged with what earlier edits stored: each edit sends all three, in order.
      valid: fc
        .tuple(
          generated("edit_proposal_block", { "image_uuids[]": fc.constant(imageUuid) }),
          fc.integer({ min: 1, max: 1000 }),
          fc.option(fc.tuple(fc.nat(10), fc.nat(10))),
        )
        .map(([{ body }, quantity, range]) => ({
          body: {
            ...(body as object),
            quantity,
            quantity_min: range ? Math.max(1, quantity - range[0]) : null,
            quantity_max: range ? quantity + range[1] : null,
          },
        })),
    },
    update_proposal_data: { ids: fixed({ uuid: draftForData.uuid }), valid: generated("update_proposal_data") },
    // A thread on the proposal or on its one block: any other block_uuid is refused (no block of this proposal).
    add_proposal_comment: {
      ids: fixed({ uuid: draftForComments.uuid }),
      valid: generated("add_proposal_comment", { block_uuid: fc.oneof(omit, fc.constant(draftForComments.blockUuid)) }),
    },
    reply_to_proposal_comment: {
      ids: fixed({ uuid: draftForComments.uuid, commentId: thread.id }),
      valid: generated("reply_to_proposal_comment"),
    },
    update_proposal_comment: {
      ids: fixed({ uuid: draftForComments.uuid, commentId: thread.id }),
      valid: generated("update_proposal_comment"),
    },
    send_proposal: {
      ids: async (forValid) => ({ uuid: forValid ? await createDraft(owner, { recipient: { id: sendTo.id } }) : draftToUpdate.uuid }),
      // The expiry must lie ahead, and a reminder needs one far enough ahead (rules of sending, not of the schema).
      valid: fc.oneof(
        generated("send_proposal", {
          expires_at: fc.oneof(
            omit,
            fc.integer({ min: 3600, max: 10 * 365 * 86_400 }).map((s) => now() + s),
          ),
          reminder_days_before: omit,
        }),
        // A reminder always with its expiry (a generated record may leave either out).
        bodyOnly(
          fc.record({
            expires_at: fc.integer({ min: 91 * 86_400, max: 10 * 365 * 86_400 }).map((s) => now() + s),
            reminder_days_before: fc.integer({ min: 1, max: 90 }),
            notify_recipient: fc.boolean(),
          }),
        ),
      ),
    },
    set_approval_rules: { ids: fixed({ companyId: rulesCompanyId }), valid: generated("set_approval_rules") },
    set_company_workspace: {
      ids: fixed({ companyId: workspaceCompanyId }),
      valid: generated("set_company_workspace", { workspace_id: fc.oneof(fc.constant(null), fc.constant(owner.personalWorkspace.id)) }),
    },
    set_content_course: {
      ids: fixed({ productId: item.productId }),
      valid: generated("set_content_course", { course_id: fc.oneof(fc.constant(null), fc.constant(soldCourse.id as string)) }),
    },
    request_proposal_approval: { ids: freshRound, valid: generated("request_proposal_approval") },
    approve_proposal: { ids: freshRound, valid: generated("approve_proposal") },
    decline_proposal_approval: { ids: freshRound, valid: generated("decline_proposal_approval") },
    // An account that is no member yet; fresh addresses to invite (a member's address refuses the request).
    add_company_member: {
      ids: fixed({ companyId }),
      valid: generated("add_company_member", { email: PLACEHOLDER_EMAIL }),
      finish: withEmail(async () => (await seedUser()).user.email),
    },
    update_company_member: { ids: fixed({ companyId, userId: spare.user.id }), valid: generated("update_company_member") },
    invite_to_company: {
      ids: fixed({ companyId }),
      valid: generated("invite_to_company", { emails: PLACEHOLDER_EMAILS }),
      finish: withFreshEmails,
    },
    create_webhook: { ids: fixed({}), valid: generated("create_webhook", { company_id: company, url: webhookUrl }) },
    update_webhook: { ids: fixed({ webhookId }), valid: generated("update_webhook", { url: fc.oneof(omit, webhookUrl) }) },
    create_content: { ids: fixed({}), valid: generated("create_content", contentFields) },
    update_content: {
      ids: fixed({}),
      valid: generated("update_content", {
        ...contentFields,
        product_id: fc.constant(item.productId),
        variation_id: fc.oneof(omit, fc.constant(item.variationId)),
      }),
    },
    // What a valid call uses up is made fresh just before it is sent; the generated ids name the fixture's item.
    delete_content: {
      ids: fixed({}),
      valid: fc.oneof(
        fc.constant({ query: { product_id: String(item.productId) } }),
        fc.constant({ query: { variation_id: String(item.variationId) } }),
        generated("delete_content", { product_ids: fc.constant([item.productId]), variation_ids: omit }).map((r) => ({
          query: { action: "bulk" },
          body: r.body,
        })),
      ),
      finish: async (r): Promise<FuzzRequest> => {
        const fresh = await seedPricedItem({ companyId });
        const query = r.query!;
        if (query.action === "bulk") return { query, body: { product_ids: [fresh.productId] } };
        return { query: query.product_id ? { product_id: String(fresh.productId) } : { variation_id: String(fresh.variationId) } };
      },
    },
    restore_content: {
      ids: fixed({}),
      valid: generated("restore_content", {
        product_ids: fc.oneof(omit, fc.constant([item.productId])),
        variation_ids: fc.oneof(omit, fc.constant([item.variationId])),
      }),
      finish: async (r) => {
        const fresh = await seedPricedItem({ companyId, archived: true });
        const { product_ids, variation_ids } = r.body as { product_ids?: number[]; variation_ids?: number[] };
        return {
          body: {
            ...(product_ids ? { product_ids: [fresh.productId] } : {}),
            ...(variation_ids ? { variation_ids: [fresh.variationId] } : {}),
          },
        };
      },
    },
  };
  const ids: Ids = {
    companyId,
    contactId: contact.id,
    uuid: draftToUpdate.uuid,
    blockUuid: draftToUpdate.blockUuid,
    userId: spare.user.id,
    webhookId,
    deliveryId: webhookDelivery.body.data.id as number,
  };
  return { api: owner.api, key: owner.key, targets, ids, companyId };
}

// ---- The app's own endpoints ----------------------------------------------------------------------

/** A placeholder a valid request's `finish` replaces with an address no account uses yet, or one of a real user. */
const PLACEHOLDER_EMAIL = fc.constant("placeholder@example.test");
const freshEmail = () => `fuzz-${(++unique).toString(36)}-${Date.now().toString(36)}@example.test`;
/** 1 to 3 placeholders, each replaced by a fresh address: invitations go to addresses no member uses. */
const PLACEHOLDER_EMAILS = fc.integer({ min: 1, max: 3 }).map((n) => Array.from({ length: n }, () => "placeholder@example.test"));
const withFreshEmails = async (r: FuzzRequest) => ({
  body: { ...(r.body as object), emails: (r.body as { emails: string[] }).emails.map(() => freshEmail()) },
});
/** A request's `email` replaced by what `email()` gives. */
const withEmail = (email: () => Promise<string> | string) => async (r: FuzzRequest) => ({
  body: { ...(r.body as object), email: await email() },
});
const PLACEHOLDER_TOKEN = fc.constant("A".repeat(43));
const freshResetToken = async () => {
  const { user } = await seedUser();
  return (await (await getDb()).$transaction((tx) => issueToken(tx, user.id, "password_reset"))).token;
};

export async function appFixture(server: TestServer, endpoints: AnyEndpoint[]): Promise<ServiceFixture> {
  const owner = await newUser(server);
  const { api } = owner;
  const spare = await newUser(server);
  // The owner administers a team (members are managed in teams only) with a project and a quiz there.
  const team = await teamWorkspace(owner, [{ user: spare, role: "learner" }]);
  const tree = await createTree(api, { name: "Fuzzed team project", workspace_id: team.id });
  const projectId: string = tree.project.id;
  const category = await createCategory(api, projectId, "Fuzzed category");
  const questions = [
    await createQuestion(api, projectId, questionOfKind(category.id, "single")),
    await createQuestion(api, projectId, questionOfKind(category.id, "multiple")),
    await createQuestion(api, projectId, questionOfKind(category.id, "true_false")),
  ];
  const quiz = await createQuiz(
    api,
    projectId,
    questions.map((q) => q.id),
  );
  const practice = questions[1];
  // A recipient answers a sent proposal once: a valid answer gets a fresh one, an invalid one these.
  const seller = await seedCompanyMember(server);
  const standing = {
    accept: await createSentProposal(seller),
    reject: await createSentProposal(seller),
    changes: await createSentProposal(seller),
  };
  const sentOr = (uuid: string) => async (forValid: boolean) => ({ uuid: forValid ? await createSentProposal(seller) : uuid });
  // Choices are made again and again on one active proposal: an optional block whose quantity may be 1 to 10.
  const option = await seedPricedItem({ companyId: seller.company.id, price: 50 });
  const toChoose = await createSentProposal(seller, {
    blocks: [{ content_id: option.variationId, optional: true, quantity: 2, quantity_min: 1, quantity_max: 10 }],
  });
  const optionUuid = (await readProposal(seller.api, toChoose)).blocks[0].uuid as string;

  const body = (operationId: string) => endpointOf(endpoints, operationId).body!;
  const generated = (operationId: string, overrides: Overrides = {}) => bodyOnly(validOf(body(operationId), overrides));

  // An invitation of a new address to the team: a valid sign-up from it uses a fresh one.
  const invitationToken = async () => {
    const email = freshEmail();
    const res = await apiClient(`${server.url}/api`, owner.key).post(`/workspaces/${team.id}/invitations`, {
      emails: [email],
      role: "learner",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return tokenMailedTo(email);
  };
  const standingToken = await invitationToken();
  // Seats of the team's course that the seller sold, managed by the owner's address (issue 43): plenty to invite into.
  const enrolment = await (
    await getDb()
  ).enrolment.create({
    data: {
      proposalId: await createSentProposal(seller),
      blockUuid: "fuzzed-block",
      companyId: seller.company.id,
      courseId: tree.course.id,
      seats: 1_000_000,
      managers: { create: { email: owner.user.email.toLowerCase() } },
    },
  });

  const certificate = await seedCertificate({ userId: spare.user.id, courseId: tree.course.id });

  const targets: Record<string, Target> = {
    // Presence is the browser's: the owner signs in, in the team's lesson (docs/decisions/061).
    update_presence: {
      ids: fixed({}),
      valid: generated("update_presence"),
      headers: { cookie: await sessionCookie(owner.user), origin: server.url },
      finish: async (r) => ({ body: { ...(r.body as object), target: { kind: "lesson", id: tree.lesson.id } } }),
    },
    invite_to_workspace: {
      ids: fixed({ workspaceId: team.id }),
      valid: generated("invite_to_workspace", { emails: PLACEHOLDER_EMAILS }),
      finish: withFreshEmails,
    },
    accept_invitation_with_sign_up: {
      ids: async (forValid) => ({ token: forValid ? await invitationToken() : standingToken }),
      valid: generated("accept_invitation_with_sign_up"),
    },
    sign_up: { ids: fixed({}), valid: generated("sign_up", { email: PLACEHOLDER_EMAIL }), finish: withEmail(freshEmail) },
    // A fresh address each time: one address's mails are limited (ACCOUNT_MAILS_PER_ACCOUNT).
    request_password_reset: {
      ids: fixed({}),
      valid: generated("request_password_reset", { email: PLACEHOLDER_EMAIL }),
      finish: withEmail(freshEmail),
    },
    // A valid request uses a new reset link of a new account; an invalid one names a link that does not exist.
    reset_password: {
      ids: fixed({}),
      valid: generated("reset_password", { token: PLACEHOLDER_TOKEN }),
      finish: async (r) => ({ body: { ...(r.body as object), token: await freshResetToken() } }),
    },
    create_workspace: { ids: fixed({}), valid: generated("create_workspace") },
    add_member: {
      ids: fixed({ workspaceId: team.id }),
      valid: generated("add_member", { email: PLACEHOLDER_EMAIL }),
      finish: withEmail(async () => (await seedUser()).user.email),
    },
    update_member: { ids: fixed({ workspaceId: team.id, userId: spare.user.id }), valid: generated("update_member") },
    check_answer: {
      ids: fixed({ questionId: practice.id }),
      valid: generated("check_answer", { selected_option_ids: fc.subarray(practice.options.map((o: { id: string }) => o.id)) }),
    },
    preview_quiz: { ids: fixed({ quizId: quiz.id }), valid: generated("preview_quiz", { answers: answersTo(questions) }) },
    accept_public_proposal: { ids: sentOr(standing.accept), valid: generated("accept_public_proposal") },
    // Asking for changes: a fresh proposal each time (the same message twice is a replay, refused).
    request_public_proposal_changes: { ids: sentOr(standing.changes), valid: generated("request_public_proposal_changes") },
    // Rejecting reads an empty body, or none.
    reject_public_proposal: { ids: sentOr(standing.reject), valid: fc.oneof(fc.constant({}), generated("reject_public_proposal")) },
    // A choice names the proposal's block and stays in its range (rules of the block, not of the schema).
    save_public_proposal_choices: {
      ids: fixed({ uuid: toChoose }),
      valid: fc
        .record({ selected: fc.boolean(), quantity: fc.integer({ min: 1, max: 10 }) }, { requiredKeys: [] })
        .filter((choice) => Object.keys(choice).length > 0)
        .map((choice) => ({ body: { blocks: [{ uuid: optionUuid, ...choice }] } })),
    },
    // Reports of time on screen name the active proposal's block (one of no block of it is valid too, and ignored).
    record_public_proposal_engagement: {
      ids: fixed({ uuid: toChoose }),
      valid: generated("record_public_proposal_engagement", {
        "blocks[].block_uuid": fc.oneof(fc.constant(optionUuid), fc.uuid({ version: 4 })),
      }),
    },
    invite_learners: {
      ids: fixed({ enrolmentId: enrolment.id }),
      valid: generated("invite_learners", { emails: PLACEHOLDER_EMAILS }),
      finish: withFreshEmails,
    },
    add_enrolment_manager: {
      ids: fixed({ enrolmentId: enrolment.id }),
      valid: generated("add_enrolment_manager", { email: PLACEHOLDER_EMAIL }),
      finish: withEmail(freshEmail),
    },
    // A valid unsubscribe names the owner and a kind, signed; a made-up token is refused (docs/decisions/033).
    unsubscribe_notification: {
      ids: fixed({}),
      valid: fc.constantFrom(...NOTIFICATION_KINDS).map((kind) => ({ query: { token: unsubscribeToken(owner.user.id, kind) } })),
    },
  };
  const ids: Ids = {
    token: standingToken,
    workspaceId: team.id,
    userId: spare.user.id,
    questionId: practice.id,
    quizId: quiz.id,
    uuid: standing.accept,
    projectId,
    blockId: tree.block.id,
    enrolmentId: enrolment.id,
    certificateId: certificate.id,
  };
  return { api, key: owner.key, targets, ids };
}
