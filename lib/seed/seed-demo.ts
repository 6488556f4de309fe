import { randomBytes } from "node:crypto";
import { createUser } from "@/lib/accounts/create-user";
import type { Caller } from "@/lib/api/authenticate";
import { createBlock } from "@/lib/authoring/blocks/blocks";
import { createCategory } from "@/lib/authoring/categories/categories";
import { createCourse, publishCourse } from "@/lib/authoring/courses/courses";
import { createLesson } from "@/lib/authoring/lessons/lessons";
import { createModule } from "@/lib/authoring/modules/modules";
import { createProject } from "@/lib/authoring/projects/projects";
import { createQuestion } from "@/lib/authoring/questions/questions";
import { createQuiz } from "@/lib/authoring/quizzes/quizzes";
import type { Db } from "@/lib/db/client";
import { createCompany } from "@/lib/proposals/companies/companies";
import { createContact } from "@/lib/proposals/contacts/contacts";
import { createRfp } from "@/lib/proposals/rfps/rfps";
import { createTeamWorkspace, setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";
import { seedProposals } from "./seed-proposals";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"><rect width="120" height="60" rx="8" fill="#2f6fed"/><text x="60" y="36" font-size="16" text-anchor="middle" fill="#fff">Demo</text></svg>`;

/** A course in a team workspace that uses every block type, with a question bank and a quiz. */
async function seedCourse(db: Db, caller: Caller, workspaceId: string) {
  const project = await createProject(db, caller, {
    name: "Demo Academy content",
    description: "Everything the editor can do.",
    workspace_id: workspaceId,
  });
  const category = await createCategory(db, caller, project.id, { name: "Basics" });
  const tf = await createQuestion(db, caller, project.id, {
    category_id: category.id,
    prompt: "Markdown supports **bold** text.",
    question_type: "true_false",
    difficulty: 1,
    options: [
      { label: "True", is_correct: true },
      { label: "False", is_correct: false },
    ],
  });
  const single = await createQuestion(db, caller, project.id, {
    category_id: category.id,
    prompt: "Which block shows a diagram?",
    question_type: "single_choice",
    difficulty: 2,
    options: [
      { label: "diagram", is_correct: true },
      { label: "glossary", is_correct: false },
      { label: "scenario", is_correct: false },
    ],
  });
  const multi = await createQuestion(db, caller, project.id, {
    category_id: category.id,
    prompt: "Which blocks can embed media?",
    question_type: "multiple_choice",
    difficulty: 3,
    options: [
      { label: "image", is_correct: true },
      { label: "video", is_correct: true },
      { label: "text", is_correct: false },
    ],
  });
  const quiz = await createQuiz(db, caller, project.id, { title: "Block types quiz", question_ids: [tf.id, single.id, multi.id] });
  const course = await createCourse(db, caller, project.id, {
    title: "A tour of every block",
    description: "One lesson per kind of content.",
    sources: [{ title: "Course authoring guide", url: "https://example.com/guide", last_edited: "2026-01-15" }],
  });
  const mod = await createModule(db, caller, course.id, { title: "Content blocks" });
  const reading = await createLesson(db, caller, mod.id, { title: "Reading" });
  const media = await createLesson(db, caller, mod.id, { title: "Media" });
  const practice = await createLesson(db, caller, mod.id, { title: "Practice" });
  const blocks: [string, Record<string, unknown>][] = [
    [
      reading.id,
      {
        type: "text",
        content: {
          body: "# Welcome\nThis lesson shows **text**, _examples_, scenarios and a glossary.\n\n| Block | Use |\n|---|---|\n| text | explanations |\n| example | worked examples |",
        },
      },
    ],
    [reading.id, { type: "example", content: { body: "A good title says what the learner will *do*." } }],
    [
      reading.id,
      {
        type: "scenario",
        content: {
          body: "A customer asks for a refund after 40 days.",
          reveal: "Offer store credit: the policy allows refunds for 30 days.",
        },
      },
    ],
    [
      reading.id,
      {
        type: "glossary",
        content: {
          title: "Terms",
          terms: [
            { term: "Block", definition: "One piece of lesson content." },
            { term: "Quiz", definition: "A scored set of questions." },
          ],
        },
      },
    ],
    [
      media.id,
      { type: "image", content: { source: { type: "svg", code: SVG }, alt: "A blue demo badge", caption: "An inline SVG image" } },
    ],
    [
      media.id,
      {
        type: "video",
        content: {
          source: { type: "youtube", id: "aqz-KE-bpKQ", start: 10 },
          title: "Big Buck Bunny",
          caption: "A YouTube video starting at 0:10",
        },
      },
    ],
    [
      media.id,
      {
        type: "diagram",
        content: { source: { type: "mermaid", code: "graph LR\n  Draft --> Published\n  Published --> Draft" }, caption: "Course states" },
      },
    ],
    [
      media.id,
      {
        type: "interactive",
        content: {
          source: { type: "html", code: "<button onclick=\"this.textContent='Clicked!'\">Click me</button>" },
          title: "A sandboxed widget",
          height: 120,
        },
      },
    ],
    [media.id, { type: "visual", content: { prompt: "An illustration of a learner at a desk", status: "requested" } }],
    [practice.id, { type: "question", question_id: single.id, question_role: "practice" }],
    [practice.id, { type: "quiz", quiz_id: quiz.id }],
  ];
  for (const [lessonId, block] of blocks) await createBlock(db, caller, lessonId, block as never);
  await publishCourse(db, caller, course.id);
  return { project_id: project.id, course_id: course.id };
}

/**
 * A demo account to look around with. Each run makes a fresh one (a new email), so it never
 * clashes with earlier runs. The same person is a sales user of a demo company with a content
 * library and proposals in several states.
 */
export async function seedDemo(db: Db) {
  const suffix = randomBytes(3).toString("hex");
  const password = `demo-${randomBytes(9).toString("base64url")}`;
  const email = `demo-${suffix}@example.com`;
  const { user, workspace: personal } = await createUser(db, { email, password, name: "Demo Author" }, { verified: true });
  const learner = await createUser(db, { email: `learner-${suffix}@example.com`, password, name: "Demo Learner" }, { verified: true });
  const team = await createTeamWorkspace(db, { name: "Demo Academy", ownerUserId: user.id });
  await setWorkspaceMember(db, { workspaceId: team.id, userId: learner.user.id, role: "learner" });
  const caller: Caller = { userId: user.id, name: user.name, email: user.email, via: "session", apiKeyId: null, apiKey: null };
  const content = await seedCourse(db, caller, team.id);
  const company = await createCompany(db, { name: "Demo Consulting", ownerUserId: user.id, currency: "EUR" });
  const contact = await createContact(db, {
    companyId: company.id,
    firstName: "Robin",
    lastName: "Client",
    email: `robin-${suffix}@example.com`,
    companyName: "Client Corp",
  });
  const others = [
    await createContact(db, {
      companyId: company.id,
      firstName: "Sam",
      lastName: "Buyer",
      email: `sam-${suffix}@example.com`,
      companyName: "Northwind",
    }),
    await createContact(db, {
      companyId: company.id,
      firstName: "Alex",
      lastName: "Lead",
      email: `alex-${suffix}@example.com`,
      companyName: "Globex",
    }),
  ];
  const rfp = await createRfp(db, { companyId: company.id, title: "Onboarding programme" });
  const proposals = await seedProposals(db, caller, {
    companyId: company.id,
    contactIds: [contact.id, ...others.map((c) => c.id)],
    rfpId: rfp.id,
  });
  return {
    email,
    password,
    learner_email: learner.user.email,
    personal_workspace_id: personal.id,
    team_workspace_id: team.id,
    ...content,
    company_id: company.id,
    contact_id: contact.id,
    rfp_id: rfp.id,
    ...proposals,
  };
}
