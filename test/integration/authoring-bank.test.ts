/**
 * The question bank over HTTP: categories, question families and questions
 * (contract.md, "The endpoints the document does not show"; course-authoring-service.md,
 * Question, options, categories and Input shapes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectConflict, expectNotFound, expectValidation, ISO_RE, NO_SUCH_ID, UUID_RE, walkIds } from "../expect";
import {
  authoringClient,
  backdate,
  createCategory,
  createdInOrder,
  createFamily,
  createProject,
  createQuestion,
  newUserWithProject,
  seedTeamWithProject,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Option = { id: string; label: string; sort_order: number; is_correct: boolean };
type Question = {
  id: string;
  project_id: string;
  category_id: string;
  question_family_id: string | null;
  prompt: string;
  question_type: string;
  difficulty: number;
  options: Option[];
  created_at: string;
  updated_at: string;
};

const client = (key?: string) => authoringClient(server, key);
/** A new user with a project in their personal workspace. */
const owner = () => newUserWithProject(server, "Bank project");
/** A team workspace with an admin (who made the project), an author and a learner. */
const team = () => seedTeamWithProject(server);

const singleChoice = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  category_id: categoryId,
  prompt: "What is 2 + 2?",
  question_type: "single_choice",
  difficulty: 2,
  options: [
    { label: "3", is_correct: false },
    { label: "4", is_correct: true },
    { label: "5", is_correct: false },
  ],
  ...overrides,
});

// ---------------------------------------------------------------------------------------------
describe("[CATEGORIES] POST /projects/{projectId}/categories and GET /categories/{categoryId}", () => {
  it("[CATEGORIES] creating a category answers 201 with exactly its fields, readable back", async () => {
    const { api, projectId } = await owner();
    const res = await api.post(`/projects/${projectId}/categories`, { name: "  Fractions  ", unknown: "ignored" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["id", "name", "project_id", "updated_at"]);
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.project_id).toBe(projectId);
    expect(res.body.name).toBe("Fractions");
    expect(res.body.updated_at).toMatch(ISO_RE);

    const read = await api.get(`/categories/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("[CATEGORIES] a name of 120 characters is accepted; 121, empty, blank, missing and non-string names are 400", async () => {
    const { api, projectId } = await owner();
    const longest = "c".repeat(120);
    const ok = await api.post(`/projects/${projectId}/categories`, { name: longest });
    expect(ok.status).toBe(201);
    expect(ok.body.name).toBe(longest);
    for (const name of ["d".repeat(121), "", "   ", 7, null]) {
      expectValidation(await api.post(`/projects/${projectId}/categories`, { name }), "name");
    }
    expectValidation(await api.post(`/projects/${projectId}/categories`, {}), "name");
    const notJson = await api.post(`/projects/${projectId}/categories`, "{name:", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe("invalid_json");
    const list = await api.get(`/projects/${projectId}/categories`);
    expect(list.body.categories.map((c: { name: string }) => c.name)).toEqual([longest]);
  });

  it("[CATEGORIES] a name already used in the project, in any letter case, answers 400 conflict and creates nothing", async () => {
    const { api, projectId } = await owner();
    await createCategory(api, projectId, "Algebra");
    for (const name of ["Algebra", "algebra", "ALGEBRA", "  aLgEbRa "]) {
      expectConflict(await api.post(`/projects/${projectId}/categories`, { name }));
    }
    const list = await api.get(`/projects/${projectId}/categories`);
    expect(list.body.categories.map((c: { name: string }) => c.name)).toEqual(["Algebra"]);
  });

  it("[CATEGORIES] uniqueness compares names literally: characters like _ and % are not wildcards", async () => {
    const { api, projectId } = await owner();
    await createCategory(api, projectId, "Unit_1");
    await createCategory(api, projectId, "Unit11");
    await createCategory(api, projectId, "50% rule");
    await createCategory(api, projectId, "50 percent rule");
    expectConflict(await api.post(`/projects/${projectId}/categories`, { name: "unit_1" }));
  });

  it("[CATEGORIES] the same name is allowed in another project and again once the first is deleted", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const first = await createCategory(api, projectId, "Geometry");
    const otherProject = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    const elsewhere = await api.post(`/projects/${otherProject}/categories`, { name: "Geometry" });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.project_id).toBe(otherProject);

    expect((await api.delete(`/categories/${first.id}`)).status).toBe(200);
    const again = await api.post(`/projects/${projectId}/categories`, { name: "geometry" });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.id);
  });

  it("[CATEGORIES] an unknown, malformed or deleted project answers 404", async () => {
    const { api, personalWorkspace } = await owner();
    expectNotFound(await api.post(`/projects/${NO_SUCH_ID}/categories`, { name: "X" }));
    expectNotFound(await api.post(`/projects/not-a-uuid/categories`, { name: "X" }));
    expectNotFound(await api.get(`/projects/${NO_SUCH_ID}/categories`));
    const doomed = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    expect((await api.delete(`/projects/${doomed}`)).status).toBe(200);
    expectNotFound(await api.post(`/projects/${doomed}/categories`, { name: "X" }));
    expectNotFound(await api.get(`/projects/${doomed}/categories`));
  });

  it("[CATEGORIES] reading an unknown, malformed or deleted category answers 404", async () => {
    const { api, projectId } = await owner();
    expectNotFound(await api.get(`/categories/${NO_SUCH_ID}`));
    expectNotFound(await api.get(`/categories/not-a-uuid`));
    const category = await createCategory(api, projectId);
    await api.delete(`/categories/${category.id}`);
    expectNotFound(await api.get(`/categories/${category.id}`));
  });

  it("[CATEGORIES] requests without a valid key answer 401", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const anonymous = client();
    for (const res of [
      await anonymous.get(`/projects/${projectId}/categories`),
      await anonymous.post(`/projects/${projectId}/categories`, { name: "X" }),
      await anonymous.get(`/categories/${category.id}`),
      await anonymous.patch(`/categories/${category.id}`, { name: "X" }),
      await anonymous.delete(`/categories/${category.id}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("unauthorized");
    }
    expect((await api.get(`/categories/${category.id}`)).body.name).toBe("Arithmetic");
  });
});

describe("[CATEGORIES] GET /projects/{projectId}/categories", () => {
  it("[CATEGORIES] lists the project's undeleted categories by name, each with exactly its fields", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    await createCategory(api, projectId, "Statistics");
    const algebra = await createCategory(api, projectId, "Algebra");
    const gone = await createCategory(api, projectId, "Calculus");
    await createCategory(api, projectId, "Geometry");
    await createCategory(api, (await createProject(api, { workspace_id: personalWorkspace.id })).id, "Biology");
    await api.delete(`/categories/${gone.id}`);

    const res = await api.get(`/projects/${projectId}/categories`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["categories", "has_more", "limit", "offset"]);
    expect(res.body.has_more).toBe(false);
    expect(res.body.limit).toBe(500);
    expect(res.body.offset).toBe(0);
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(["Algebra", "Geometry", "Statistics"]);
    expect(res.body.categories[0]).toEqual(algebra);
  });

  it("[CATEGORIES] limit=1 walks every category exactly once, in name order, via has_more", async () => {
    const { api, projectId } = await owner();
    for (const name of ["Delta", "Alpha", "Charlie", "Bravo"]) await createCategory(api, projectId, name);
    const all = (await api.get(`/projects/${projectId}/categories`)).body.categories;
    expect(all.map((c: { name: string }) => c.name)).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    expect(await walkIds(api, `/projects/${projectId}/categories`, "categories")).toEqual(all.map((c: { id: string }) => c.id));
    const page = await api.get(`/projects/${projectId}/categories?limit=2&offset=1`);
    expect(page.body.categories.map((c: { name: string }) => c.name)).toEqual(["Bravo", "Charlie"]);
    expect(page.body.has_more).toBe(true);
    const past = await api.get(`/projects/${projectId}/categories?offset=10`);
    expect(past.body).toEqual({ categories: [], has_more: false, limit: 500, offset: 10 });
  });

  it("[CATEGORIES] limit outside 1..500 or a negative or non-integer offset answers 400", async () => {
    const { api, projectId } = await owner();
    expect((await api.get(`/projects/${projectId}/categories?limit=500`)).status).toBe(200);
    for (const query of ["limit=0", "limit=501", "limit=abc", "limit=1.5", "offset=-1", "offset=x"]) {
      expectValidation(await api.get(`/projects/${projectId}/categories?${query}`), query.split("=")[0]);
    }
  });
});

describe("[CATEGORIES] PATCH /categories/{categoryId}", () => {
  it("[CATEGORIES] renaming answers 200 with the new name and a later updated_at", async () => {
    const { api, projectId } = await owner();
    const category = await backdate("categories", await createCategory(api, projectId, "Old name"));
    const res = await api.patch(`/categories/${category.id}`, { name: "  New name " });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["id", "name", "project_id", "updated_at"]);
    expect(res.body.id).toBe(category.id);
    expect(res.body.project_id).toBe(projectId);
    expect(res.body.name).toBe("New name");
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(category.updated_at).getTime());
    expect((await api.get(`/categories/${category.id}`)).body).toEqual(res.body);
  });

  it("[CATEGORIES] renaming to another category's name in any case is 400 conflict; changing only its own letter case is fine", async () => {
    const { api, projectId } = await owner();
    await createCategory(api, projectId, "Algebra");
    const geometry = await createCategory(api, projectId, "Geometry");
    expectConflict(await api.patch(`/categories/${geometry.id}`, { name: "ALGEBRA" }));
    expect((await api.get(`/categories/${geometry.id}`)).body.name).toBe("Geometry");
    const recased = await api.patch(`/categories/${geometry.id}`, { name: "GEOMETRY" });
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe("GEOMETRY");
  });

  it("[CATEGORIES] a rename of 120 characters is accepted; 121, empty and missing names are 400 and change nothing", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId, "Keep me");
    for (const body of [{ name: "e".repeat(121) }, { name: "" }, { name: "  " }, {}]) {
      expectValidation(await api.patch(`/categories/${category.id}`, body), "name");
    }
    expect((await api.get(`/categories/${category.id}`)).body.name).toBe("Keep me");
    const ok = await api.patch(`/categories/${category.id}`, { name: "f".repeat(120) });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe("f".repeat(120));
  });

  it("[CATEGORIES] renaming an unknown, malformed or deleted category answers 404", async () => {
    const { api, projectId } = await owner();
    expectNotFound(await api.patch(`/categories/${NO_SUCH_ID}`, { name: "X" }));
    expectNotFound(await api.patch(`/categories/nope`, { name: "X" }));
    const category = await createCategory(api, projectId);
    await api.delete(`/categories/${category.id}`);
    expectNotFound(await api.patch(`/categories/${category.id}`, { name: "X" }));
  });
});

describe("[CATEGORIES] DELETE /categories/{categoryId}", () => {
  it("[CATEGORIES] deleting answers {success, id}, hides the category and its questions, and a second delete is 404", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId, "Doomed");
    const keep = await createCategory(api, projectId, "Kept");
    const q1 = await createQuestion(api, projectId, singleChoice(category.id));
    const q2 = await createQuestion(api, projectId, singleChoice(category.id, { prompt: "Second" }));
    const kept = await createQuestion(api, projectId, singleChoice(keep.id));

    const res = await api.delete(`/categories/${category.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: category.id });
    expectNotFound(await api.get(`/categories/${category.id}`));
    expectNotFound(await api.get(`/questions/${q1.id}`));
    expectNotFound(await api.get(`/questions/${q2.id}`));
    const questions = await api.get(`/projects/${projectId}/questions`);
    expect(questions.body.questions.map((q: Question) => q.id)).toEqual([kept.id]);
    const categories = await api.get(`/projects/${projectId}/categories`);
    expect(categories.body.categories.map((c: { id: string }) => c.id)).toEqual([keep.id]);
    expectNotFound(await api.delete(`/categories/${category.id}`));
    expectNotFound(await api.delete(`/categories/${NO_SUCH_ID}`));
    expectNotFound(await api.delete(`/categories/not-a-uuid`));
  });
});

// ---------------------------------------------------------------------------------------------
describe("[QUESTION FAMILIES] POST, GET, PATCH and DELETE", () => {
  it("[QUESTION FAMILIES] creating a family answers 201 with exactly its fields and no questions yet", async () => {
    const { api, projectId } = await owner();
    const res = await api.post(`/projects/${projectId}/question-families`, { name: "  Addition variants ", description: "AI-made" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "description", "id", "name", "project_id", "question_count", "updated_at"]);
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.project_id).toBe(projectId);
    expect(res.body.name).toBe("Addition variants");
    expect(res.body.description).toBe("AI-made");
    expect(res.body.question_count).toBe(0);
    expect(res.body.created_at).toMatch(ISO_RE);
    expect(res.body.updated_at).toMatch(ISO_RE);

    const bare = await api.post(`/projects/${projectId}/question-families`, { name: "No description" });
    expect(bare.status).toBe(201);
    expect(bare.body.description).toBe("");
  });

  it("[QUESTION FAMILIES] name 1..200 and description up to 2000 are accepted; beyond either bound is 400", async () => {
    const { api, projectId } = await owner();
    const ok = await api.post(`/projects/${projectId}/question-families`, { name: "n".repeat(200), description: "d".repeat(2000) });
    expect(ok.status).toBe(201);
    expect(ok.body.name).toHaveLength(200);
    expect(ok.body.description).toHaveLength(2000);
    expectValidation(await api.post(`/projects/${projectId}/question-families`, { name: "n".repeat(201) }), "name");
    expectValidation(await api.post(`/projects/${projectId}/question-families`, { name: "" }), "name");
    expectValidation(await api.post(`/projects/${projectId}/question-families`, {}), "name");
    expectValidation(
      await api.post(`/projects/${projectId}/question-families`, { name: "x", description: "d".repeat(2001) }),
      "description",
    );
    expect((await api.get(`/projects/${projectId}/question-families`)).body.question_families).toHaveLength(1);
    expectNotFound(await api.post(`/projects/${NO_SUCH_ID}/question-families`, { name: "x" }));
  });

  it("[QUESTION FAMILIES] reading a family shows its undeleted questions as QuestionDetail and counts them", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const family = await createFamily(api, projectId);
    const inFamily = await createQuestion(api, projectId, singleChoice(category.id, { question_family_id: family.id }));
    const trashed = await createQuestion(api, projectId, singleChoice(category.id, { question_family_id: family.id, prompt: "Gone" }));
    await createQuestion(api, projectId, singleChoice(category.id, { prompt: "No family" }));
    await api.delete(`/questions/${trashed.id}`);

    const res = await api.get(`/question-families/${family.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      "created_at",
      "description",
      "id",
      "name",
      "project_id",
      "question_count",
      "questions",
      "updated_at",
    ]);
    expect(res.body.question_count).toBe(1);
    expect(res.body.questions).toEqual([inFamily]);
    expectNotFound(await api.get(`/question-families/${NO_SUCH_ID}`));
    expectNotFound(await api.get(`/question-families/not-a-uuid`));
  });

  it("[QUESTION FAMILIES] the list is by name with question_count, and limit=1 walks every family once", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const zeta = await createFamily(api, projectId, "Zeta");
    await createFamily(api, projectId, "Alpha");
    await createFamily(api, projectId, "Mu");
    await createQuestion(api, projectId, singleChoice(category.id, { question_family_id: zeta.id }));
    await createQuestion(api, projectId, singleChoice(category.id, { question_family_id: zeta.id }));

    const res = await api.get(`/projects/${projectId}/question-families`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["has_more", "limit", "offset", "question_families"]);
    expect(res.body.question_families.map((f: { name: string }) => f.name)).toEqual(["Alpha", "Mu", "Zeta"]);
    expect(res.body.question_families.map((f: { question_count: number }) => f.question_count)).toEqual([0, 0, 2]);
    expect(res.body.question_families[0]).not.toHaveProperty("questions");
    expect(await walkIds(api, `/projects/${projectId}/question-families`, "question_families")).toEqual(
      res.body.question_families.map((f: { id: string }) => f.id),
    );
    expectValidation(await api.get(`/projects/${projectId}/question-families?limit=0`), "limit");
    expectNotFound(await api.get(`/projects/${NO_SUCH_ID}/question-families`));
  });

  it("[QUESTION FAMILIES] PATCH changes name or description alone; an empty body or bad bounds are 400", async () => {
    const { api, projectId } = await owner();
    const made = await api.post(`/projects/${projectId}/question-families`, { name: "Before", description: "Old" });
    const family = { ...made, body: await backdate("question_families", made.body) };
    const renamed = await api.patch(`/question-families/${family.body.id}`, { name: "After" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...family.body, name: "After", updated_at: expect.stringMatching(ISO_RE) });
    expect(new Date(renamed.body.updated_at).getTime()).toBeGreaterThan(new Date(family.body.updated_at).getTime());
    const described = await api.patch(`/question-families/${family.body.id}`, { description: "" });
    expect(described.status).toBe(200);
    expect(described.body.name).toBe("After");
    expect(described.body.description).toBe("");

    expectValidation(await api.patch(`/question-families/${family.body.id}`, {}));
    expectValidation(await api.patch(`/question-families/${family.body.id}`, { name: "" }), "name");
    expectValidation(await api.patch(`/question-families/${family.body.id}`, { name: "n".repeat(201) }), "name");
    expectValidation(await api.patch(`/question-families/${family.body.id}`, { description: "d".repeat(2001) }), "description");
    expect((await api.get(`/question-families/${family.body.id}`)).body.name).toBe("After");
    expectNotFound(await api.patch(`/question-families/${NO_SUCH_ID}`, { name: "X" }));
  });

  it("[QUESTION FAMILIES] deleting a family hides it and its questions; other questions stay", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const family = await createFamily(api, projectId);
    const variant = await createQuestion(api, projectId, singleChoice(category.id, { question_family_id: family.id }));
    const loose = await createQuestion(api, projectId, singleChoice(category.id));

    const res = await api.delete(`/question-families/${family.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: family.id });
    expectNotFound(await api.get(`/question-families/${family.id}`));
    expectNotFound(await api.get(`/questions/${variant.id}`));
    expect((await api.get(`/questions/${loose.id}`)).status).toBe(200);
    expect((await api.get(`/projects/${projectId}/question-families`)).body.question_families).toEqual([]);
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions.map((q: Question) => q.id)).toEqual([loose.id]);
    expectNotFound(await api.delete(`/question-families/${family.id}`));
    expectNotFound(await api.patch(`/question-families/${family.id}`, { name: "X" }));
  });
});

// ---------------------------------------------------------------------------------------------
describe("[QUESTIONS] POST /projects/{projectId}/questions and GET /questions/{questionId}", () => {
  it("[QUESTIONS] creating a question answers 201 QuestionDetail with options in order, ids and answer keys", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const family = await createFamily(api, projectId);
    const res = await api.post(`/projects/${projectId}/questions`, {
      ...singleChoice(category.id, { question_family_id: family.id, difficulty: 3 }),
      prompt: "  What is 2 + 2?  ",
      extra: "ignored",
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      "category_id",
      "created_at",
      "difficulty",
      "id",
      "options",
      "project_id",
      "prompt",
      "question_family_id",
      "question_type",
      "updated_at",
    ]);
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.project_id).toBe(projectId);
    expect(res.body.category_id).toBe(category.id);
    expect(res.body.question_family_id).toBe(family.id);
    expect(res.body.prompt).toBe("What is 2 + 2?");
    expect(res.body.question_type).toBe("single_choice");
    expect(res.body.difficulty).toBe(3);
    expect(res.body.created_at).toMatch(ISO_RE);
    expect(res.body.updated_at).toMatch(ISO_RE);
    expect(res.body.options).toHaveLength(3);
    res.body.options.forEach((o: Option, i: number) => {
      expect(Object.keys(o).sort()).toEqual(["id", "is_correct", "label", "sort_order"]);
      expect(o.id).toMatch(UUID_RE);
      expect(o.sort_order).toBe(i);
    });
    expect(res.body.options.map((o: Option) => [o.label, o.is_correct])).toEqual([
      ["3", false],
      ["4", true],
      ["5", false],
    ]);
    expect(new Set(res.body.options.map((o: Option) => o.id)).size).toBe(3);

    const read = await api.get(`/questions/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("[QUESTIONS] without question_family_id, or with null, the question has question_family_id null", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    expect((await createQuestion(api, projectId, singleChoice(category.id))).question_family_id).toBeNull();
    expect((await createQuestion(api, projectId, singleChoice(category.id, { question_family_id: null }))).question_family_id).toBeNull();
  });

  const optionCases: [string, string, boolean[], boolean][] = [
    ["true_false", "2 options, 1 correct", [true, false], true],
    ["true_false", "3 options, 1 correct", [true, false, false], false],
    ["true_false", "2 options, none correct", [false, false], false],
    ["true_false", "2 options, both correct", [true, true], false],
    ["true_false", "1 option, correct", [true], false],
    ["single_choice", "2 options, 1 correct", [false, true], true],
    ["single_choice", "5 options, 1 correct", [false, false, true, false, false], true],
    ["single_choice", "1 option, correct", [true], false],
    ["single_choice", "3 options, none correct", [false, false, false], false],
    ["single_choice", "3 options, 2 correct", [true, true, false], false],
    ["single_choice", "no options", [], false],
    ["multiple_choice", "2 options, both correct", [true, true], true],
    ["multiple_choice", "4 options, 2 correct", [true, false, true, false], true],
    ["multiple_choice", "3 options, all correct", [true, true, true], true],
    ["multiple_choice", "3 options, 1 correct", [false, true, false], false],
    ["multiple_choice", "1 option, correct", [true], false],
    ["multiple_choice", "no options", [], false],
  ];
  it("[QUESTIONS] option rules on create: true_false 2 with 1 correct, single_choice 2+ with 1, multiple_choice 2+ with 2+", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    let created = 0;
    for (const [type, label, correct, accepted] of optionCases) {
      const body = {
        category_id: category.id,
        prompt: `${type}: ${label}`,
        question_type: type,
        difficulty: 1,
        options: correct.map((is_correct, i) => ({ label: `Option ${i}`, is_correct })),
      };
      const res = await api.post(`/projects/${projectId}/questions`, body);
      if (accepted) {
        expect(res.status, `${type} with ${label}`).toBe(201);
        expect(res.body.options.map((o: Option) => o.is_correct)).toEqual(correct);
        created += 1;
      } else {
        expectValidation(res, "options");
      }
    }
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toHaveLength(created);
  });

  it("[QUESTIONS] an option with an empty label or without is_correct is 400 naming that option", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const emptyLabel = singleChoice(category.id, {
      options: [
        { label: "", is_correct: false },
        { label: "4", is_correct: true },
      ],
    });
    expectValidation(await api.post(`/projects/${projectId}/questions`, emptyLabel), "options.0.label");
    const blankLabel = singleChoice(category.id, {
      options: [
        { label: "3", is_correct: false },
        { label: "  ", is_correct: true },
      ],
    });
    expectValidation(await api.post(`/projects/${projectId}/questions`, blankLabel), "options.1.label");
    const noFlag = singleChoice(category.id, { options: [{ label: "3" }, { label: "4", is_correct: true }] });
    expectValidation(await api.post(`/projects/${projectId}/questions`, noFlag), "options.0.is_correct");
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toEqual([]);
  });

  it('[QUESTIONS] difficulty 1 and 5 are accepted; 0, 6, 2.5 and "3" are 400', async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    for (const difficulty of [1, 5]) {
      expect((await createQuestion(api, projectId, singleChoice(category.id, { difficulty }))).difficulty).toBe(difficulty);
    }
    for (const difficulty of [0, 6, 2.5, "3", null]) {
      expectValidation(await api.post(`/projects/${projectId}/questions`, singleChoice(category.id, { difficulty })), "difficulty");
    }
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toHaveLength(2);
  });

  it("[QUESTIONS] missing or invalid prompt, question_type and category_id are 400", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const base = singleChoice(category.id);
    expectValidation(await api.post(`/projects/${projectId}/questions`, { ...base, prompt: "" }), "prompt");
    expectValidation(await api.post(`/projects/${projectId}/questions`, { ...base, prompt: "   " }), "prompt");
    expectValidation(await api.post(`/projects/${projectId}/questions`, { ...base, question_type: "essay" }), "question_type");
    expectValidation(await api.post(`/projects/${projectId}/questions`, { ...base, category_id: "not-a-uuid" }), "category_id");
    for (const field of ["category_id", "prompt", "question_type", "difficulty", "options"]) {
      const body: Record<string, unknown> = { ...base };
      delete body[field];
      expectValidation(await api.post(`/projects/${projectId}/questions`, body), field);
    }
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toEqual([]);
  });

  it("[QUESTIONS] a category or question family of another project, unknown or deleted, is 400", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const otherProject = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    const foreignCategory = await createCategory(api, otherProject);
    const foreignFamily = await createFamily(api, otherProject);
    const deletedCategory = await createCategory(api, projectId, "Deleted");
    await api.delete(`/categories/${deletedCategory.id}`);
    const deletedFamily = await createFamily(api, projectId, "Deleted family");
    await api.delete(`/question-families/${deletedFamily.id}`);

    for (const categoryId of [foreignCategory.id, deletedCategory.id, NO_SUCH_ID]) {
      expectValidation(await api.post(`/projects/${projectId}/questions`, singleChoice(categoryId)), "category_id");
    }
    for (const familyId of [foreignFamily.id, deletedFamily.id, NO_SUCH_ID]) {
      expectValidation(
        await api.post(`/projects/${projectId}/questions`, singleChoice(category.id, { question_family_id: familyId })),
        "question_family_id",
      );
    }
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toEqual([]);
    expect((await api.get(`/projects/${otherProject}/questions`)).body.questions).toEqual([]);
  });

  it("[QUESTIONS] creating in an unknown project, or reading an unknown, malformed or deleted question, answers 404", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    expectNotFound(await api.post(`/projects/${NO_SUCH_ID}/questions`, singleChoice(category.id)));
    expectNotFound(await api.get(`/questions/${NO_SUCH_ID}`));
    expectNotFound(await api.get(`/questions/not-a-uuid`));
    const question = await createQuestion(api, projectId, singleChoice(category.id));
    const deleted = await api.delete(`/questions/${question.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, id: question.id });
    expectNotFound(await api.get(`/questions/${question.id}`));
    expectNotFound(await api.patch(`/questions/${question.id}`, { prompt: "X" }));
    expectNotFound(await api.delete(`/questions/${question.id}`));
    expectNotFound(await api.delete(`/questions/${NO_SUCH_ID}`));
  });
});

describe("[QUESTIONS] size limits", () => {
  it("[QUESTIONS] a prompt of 5,000 characters and an option label of 1,000 are accepted; one more answers 400 naming the field and the limit", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const options = (label: string) => [
      { label, is_correct: true },
      { label: "No", is_correct: false },
    ];
    const longest = await api.post(
      `/projects/${projectId}/questions`,
      singleChoice(category.id, { prompt: "p".repeat(5000), options: options("l".repeat(1000)) }),
    );
    expect(longest.status, JSON.stringify(longest.body).slice(0, 300)).toBe(201);

    const tooLong = [
      [{ prompt: "p".repeat(5001) }, "prompt", /5000 characters/],
      [{ options: options("l".repeat(1001)) }, "options.0.label", /1000 characters/],
    ] as const;
    for (const [fields, path, limit] of tooLong) {
      const created = await api.post(`/projects/${projectId}/questions`, singleChoice(category.id, fields));
      expectValidation(created, path);
      expect(created.body.details.issues.find((i: { path: string }) => i.path === path).message).toMatch(limit);
      expectValidation(await api.patch(`/questions/${longest.body.id}`, fields), path);
    }
    // A 1.9 MB prompt, as the audit sent: refused, nothing stored.
    expectValidation(
      await api.post(`/projects/${projectId}/questions`, singleChoice(category.id, { prompt: "p".repeat(1_900_000) })),
      "prompt",
    );
    const list = await api.get(`/projects/${projectId}/questions`);
    expect(list.body.questions.map((q: Question) => q.id)).toEqual([longest.body.id]);
    expect((await api.get(`/questions/${longest.body.id}`)).body.prompt).toHaveLength(5000);
  });
});

describe("[QUESTIONS] PATCH /questions/{questionId}", () => {
  it("[QUESTIONS] a partial update changes only what is sent and moves updated_at", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const other = await createCategory(api, projectId, "Other");
    const family = await createFamily(api, projectId);
    const question = await backdate("questions", await createQuestion(api, projectId, singleChoice(category.id)));

    const res = await api.patch(`/questions/${question.id}`, { prompt: " What is 3 + 1? ", difficulty: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...question, prompt: "What is 3 + 1?", difficulty: 5, updated_at: expect.stringMatching(ISO_RE) });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(question.updated_at).getTime());

    const moved = await api.patch(`/questions/${question.id}`, { category_id: other.id, question_family_id: family.id });
    expect(moved.status).toBe(200);
    expect(moved.body.category_id).toBe(other.id);
    expect(moved.body.question_family_id).toBe(family.id);
    expect(moved.body.options).toEqual(question.options);
    const cleared = await api.patch(`/questions/${question.id}`, { question_family_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.question_family_id).toBeNull();
    expect((await api.get(`/questions/${question.id}`)).body).toEqual(cleared.body);
  });

  it("[QUESTIONS] options replace the full set; an option sent with its id keeps it, new ones get new ids", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const question = await createQuestion(api, projectId, singleChoice(category.id));
    const [three, four, five] = question.options;
    const res = await api.patch(`/questions/${question.id}`, {
      options: [
        { id: five.id, label: "Five", is_correct: false },
        { label: "Four", is_correct: true },
        { id: three.id, label: "3", is_correct: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.options.map((o: Option) => [o.label, o.is_correct, o.sort_order])).toEqual([
      ["Five", false, 0],
      ["Four", true, 1],
      ["3", false, 2],
    ]);
    expect(res.body.options[0].id).toBe(five.id);
    expect(res.body.options[2].id).toBe(three.id);
    expect([three.id, four.id, five.id]).not.toContain(res.body.options[1].id);
    expect((await api.get(`/questions/${question.id}`)).body.options).toEqual(res.body.options);
  });

  it("[QUESTIONS] an option id of another question, or the same id twice, is 400 and changes nothing", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const question = await createQuestion(api, projectId, singleChoice(category.id));
    const other = await createQuestion(api, projectId, singleChoice(category.id, { prompt: "Other" }));
    expectValidation(
      await api.patch(`/questions/${question.id}`, {
        options: [
          { id: other.options[0].id, label: "Stolen", is_correct: false },
          { label: "4", is_correct: true },
        ],
      }),
      "options.0.id",
    );
    expectValidation(
      await api.patch(`/questions/${question.id}`, {
        options: [
          { id: question.options[0].id, label: "a", is_correct: false },
          { id: question.options[0].id, label: "b", is_correct: true },
        ],
      }),
    );
    expect((await api.get(`/questions/${question.id}`)).body).toEqual(question);
    expect((await api.get(`/questions/${other.id}`)).body).toEqual(other);
  });

  it("[QUESTIONS] the merged question is validated: switching single_choice with 1 correct to multiple_choice without options is 400", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const question = await createQuestion(api, projectId, singleChoice(category.id));
    const res = await api.patch(`/questions/${question.id}`, { question_type: "multiple_choice" });
    expectValidation(res);
    expect((await api.get(`/questions/${question.id}`)).body).toEqual(question);

    const withOptions = await api.patch(`/questions/${question.id}`, {
      question_type: "multiple_choice",
      options: [
        { label: "4", is_correct: true },
        { label: "2 + 2", is_correct: true },
        { label: "5", is_correct: false },
      ],
    });
    expect(withOptions.status).toBe(200);
    expect(withOptions.body.question_type).toBe("multiple_choice");
    expect(withOptions.body.options.map((o: Option) => o.is_correct)).toEqual([true, true, false]);
  });

  it("[QUESTIONS] the merged question is validated for every type change against the options kept", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const trueFalse = await createQuestion(api, projectId, {
      ...singleChoice(category.id),
      question_type: "true_false",
      options: [
        { label: "True", is_correct: true },
        { label: "False", is_correct: false },
      ],
    });
    const toSingle = await api.patch(`/questions/${trueFalse.id}`, { question_type: "single_choice" });
    expect(toSingle.status).toBe(200);
    expect(toSingle.body.question_type).toBe("single_choice");
    expect(toSingle.body.options).toEqual(trueFalse.options);

    const threeOptions = await createQuestion(api, projectId, singleChoice(category.id));
    expectValidation(await api.patch(`/questions/${threeOptions.id}`, { question_type: "true_false" }));
    expect((await api.get(`/questions/${threeOptions.id}`)).body.question_type).toBe("single_choice");

    const multiple = await createQuestion(api, projectId, {
      ...singleChoice(category.id),
      question_type: "multiple_choice",
      options: [
        { label: "a", is_correct: true },
        { label: "b", is_correct: true },
        { label: "c", is_correct: false },
      ],
    });
    expectValidation(await api.patch(`/questions/${multiple.id}`, { question_type: "single_choice" }));
    expect((await api.get(`/questions/${multiple.id}`)).body).toEqual(multiple);
  });

  it("[QUESTIONS] options alone that break the current type's rules are 400 naming options", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const question = await createQuestion(api, projectId, singleChoice(category.id));
    for (const flags of [[true, true], [false, false], [true]]) {
      const options = flags.map((is_correct, i) => ({ label: `o${i}`, is_correct }));
      expectValidation(await api.patch(`/questions/${question.id}`, { options }), "options");
    }
    expectValidation(
      await api.patch(`/questions/${question.id}`, {
        options: [
          { label: "", is_correct: true },
          { label: "b", is_correct: false },
        ],
      }),
      "options.0.label",
    );
    expect((await api.get(`/questions/${question.id}`)).body).toEqual(question);
  });

  it("[QUESTIONS] an empty body, bad bounds, or a category or family of another project are 400 and change nothing", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const otherProject = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    const foreignCategory = await createCategory(api, otherProject);
    const foreignFamily = await createFamily(api, otherProject);
    const question = await createQuestion(api, projectId, singleChoice(category.id));

    expectValidation(await api.patch(`/questions/${question.id}`, {}));
    expectValidation(await api.patch(`/questions/${question.id}`, { unknown: 1 }));
    for (const difficulty of [0, 6]) expectValidation(await api.patch(`/questions/${question.id}`, { difficulty }), "difficulty");
    expectValidation(await api.patch(`/questions/${question.id}`, { prompt: "" }), "prompt");
    expectValidation(await api.patch(`/questions/${question.id}`, { question_type: "essay" }), "question_type");
    expectValidation(await api.patch(`/questions/${question.id}`, { category_id: null }), "category_id");
    expectValidation(await api.patch(`/questions/${question.id}`, { category_id: foreignCategory.id }), "category_id");
    expectValidation(await api.patch(`/questions/${question.id}`, { question_family_id: foreignFamily.id }), "question_family_id");
    expect((await api.get(`/questions/${question.id}`)).body).toEqual(question);

    for (const difficulty of [1, 5]) {
      const ok = await api.patch(`/questions/${question.id}`, { difficulty });
      expect(ok.status).toBe(200);
      expect(ok.body.difficulty).toBe(difficulty);
    }
    expectNotFound(await api.patch(`/questions/${NO_SUCH_ID}`, { prompt: "X" }));
    expectNotFound(await api.patch(`/questions/not-a-uuid`, { prompt: "X" }));
  });
});

describe("[QUESTIONS] GET /projects/{projectId}/questions", () => {
  it("[QUESTIONS] lists the project's questions newest first, as QuestionDetail with answer keys", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const created: Question[] = [];
    for (const prompt of ["First", "Second", "Third"])
      created.push(await createQuestion(api, projectId, singleChoice(category.id, { prompt })));
    const made = await createdInOrder("questions", created);
    const otherProject = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    await createQuestion(api, otherProject, singleChoice((await createCategory(api, otherProject)).id));

    const res = await api.get(`/projects/${projectId}/questions`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["has_more", "limit", "offset", "questions"]);
    expect(res.body).toMatchObject({ has_more: false, limit: 500, offset: 0 });
    expect(res.body.questions).toEqual([made[2], made[1], made[0]]);
  });

  it("[QUESTIONS] filters by category_id, question_family_id, question_type and difficulty, alone and combined", async () => {
    const { api, projectId } = await owner();
    const algebra = await createCategory(api, projectId, "Algebra");
    const geometry = await createCategory(api, projectId, "Geometry");
    const family = await createFamily(api, projectId);
    const a1 = await createQuestion(api, projectId, singleChoice(algebra.id, { difficulty: 1, question_family_id: family.id }));
    const a2 = await createQuestion(api, projectId, {
      ...singleChoice(algebra.id, { difficulty: 4 }),
      question_type: "multiple_choice",
      options: [
        { label: "x", is_correct: true },
        { label: "y", is_correct: true },
      ],
    });
    const g1 = await createQuestion(api, projectId, {
      ...singleChoice(geometry.id, { difficulty: 4, question_family_id: family.id }),
      question_type: "true_false",
      options: [
        { label: "True", is_correct: false },
        { label: "False", is_correct: true },
      ],
    });
    await createdInOrder("questions", [a1, a2, g1]);
    const ids = async (query: string) => {
      const res = await api.get(`/projects/${projectId}/questions?${query}`);
      expect(res.status).toBe(200);
      return res.body.questions.map((q: Question) => q.id);
    };
    expect(await ids(`category_id=${algebra.id}`)).toEqual([a2.id, a1.id]);
    expect(await ids(`category_id=${geometry.id}`)).toEqual([g1.id]);
    expect(await ids(`question_family_id=${family.id}`)).toEqual([g1.id, a1.id]);
    expect(await ids("question_type=multiple_choice")).toEqual([a2.id]);
    expect(await ids("question_type=true_false")).toEqual([g1.id]);
    expect(await ids("question_type=single_choice")).toEqual([a1.id]);
    expect(await ids("difficulty=4")).toEqual([g1.id, a2.id]);
    expect(await ids("difficulty=1")).toEqual([a1.id]);
    expect(await ids("difficulty=5")).toEqual([]);
    expect(await ids(`category_id=${algebra.id}&difficulty=4`)).toEqual([a2.id]);
    expect(await ids(`question_family_id=${family.id}&question_type=single_choice`)).toEqual([a1.id]);
    expect(await ids(`category_id=${NO_SUCH_ID}`)).toEqual([]);
  });

  it("[QUESTIONS] invalid filters or paging answer 400", async () => {
    const { api, projectId } = await owner();
    for (const [query, path] of [
      ["difficulty=0", "difficulty"],
      ["difficulty=6", "difficulty"],
      ["difficulty=x", "difficulty"],
      ["question_type=essay", "question_type"],
      ["category_id=abc", "category_id"],
      ["question_family_id=abc", "question_family_id"],
      ["limit=0", "limit"],
      ["limit=501", "limit"],
      ["offset=-1", "offset"],
    ]) {
      expectValidation(await api.get(`/projects/${projectId}/questions?${query}`), path);
    }
    expectNotFound(await api.get(`/projects/${NO_SUCH_ID}/questions`));
  });

  it("[QUESTIONS] limit=1 walks every question exactly once, newest first, also with a filter", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const other = await createCategory(api, projectId, "Other");
    const made: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      made.push((await createQuestion(api, projectId, singleChoice(i === 2 ? other.id : category.id, { prompt: `Q${i}` }))).id);
    }
    await createdInOrder(
      "questions",
      made.map((id) => ({ id })),
    );
    expect(await walkIds(api, `/projects/${projectId}/questions`, "questions")).toEqual([...made].reverse());
    expect(await walkIds(api, `/projects/${projectId}/questions?category_id=${category.id}`, "questions")).toEqual([
      made[3],
      made[1],
      made[0],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
describe("[BANK ROLES] team workspaces", () => {
  it("[BANK ROLES] an author of a team workspace creates, reads, edits and deletes bank items of its projects", async () => {
    const { projectId, author } = await team();
    const api = author.api;
    const category = await createCategory(api, projectId, "By the author");
    const family = await createFamily(api, projectId);
    const question = await createQuestion(api, projectId, singleChoice(category.id, { question_family_id: family.id }));
    expect((await api.get(`/projects/${projectId}/categories`)).body.categories).toHaveLength(1);
    expect((await api.get(`/projects/${projectId}/question-families`)).body.question_families).toHaveLength(1);
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toEqual([question]);
    expect((await api.get(`/question-families/${family.id}`)).status).toBe(200);
    expect((await api.patch(`/categories/${category.id}`, { name: "Renamed" })).status).toBe(200);
    expect((await api.patch(`/question-families/${family.id}`, { name: "Renamed" })).status).toBe(200);
    expect((await api.patch(`/questions/${question.id}`, { difficulty: 4 })).status).toBe(200);
    expect((await api.delete(`/questions/${question.id}`)).status).toBe(200);
    expect((await api.delete(`/question-families/${family.id}`)).status).toBe(200);
    expect((await api.delete(`/categories/${category.id}`)).status).toBe(200);
  });

  it("[BANK ROLES] a learner gets 404 for every category, family and question endpoint, reads and writes, and nothing changes", async () => {
    const { projectId, admin, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const family = await createFamily(admin.api, projectId, "Addition variants");
    const question = await createQuestion(admin.api, projectId, singleChoice(category.id, { question_family_id: family.id }));
    const api = learner.api;
    const responses = [
      await api.get(`/projects/${projectId}/categories`),
      await api.post(`/projects/${projectId}/categories`, { name: "Learner's" }),
      await api.get(`/categories/${category.id}`),
      await api.patch(`/categories/${category.id}`, { name: "Learner's" }),
      await api.delete(`/categories/${category.id}`),
      await api.get(`/projects/${projectId}/question-families`),
      await api.post(`/projects/${projectId}/question-families`, { name: "Learner's" }),
      await api.get(`/question-families/${family.id}`),
      await api.patch(`/question-families/${family.id}`, { name: "Learner's" }),
      await api.delete(`/question-families/${family.id}`),
      await api.get(`/projects/${projectId}/questions`),
      await api.post(`/projects/${projectId}/questions`, singleChoice(category.id)),
      await api.get(`/questions/${question.id}`),
      await api.patch(`/questions/${question.id}`, { prompt: "Learner's" }),
      await api.delete(`/questions/${question.id}`),
    ];
    for (const res of responses) expectNotFound(res);
    expect(JSON.stringify(responses.map((r) => r.body))).not.toContain("is_correct");

    const categories = await admin.api.get(`/projects/${projectId}/categories`);
    expect(categories.body.categories).toEqual([expect.objectContaining({ id: category.id, name: "Arithmetic" })]);
    const families = await admin.api.get(`/projects/${projectId}/question-families`);
    expect(families.body.question_families).toEqual([expect.objectContaining({ id: family.id, name: "Addition variants" })]);
    expect((await admin.api.get(`/projects/${projectId}/questions`)).body.questions).toEqual([question]);
  });
});

describe("[BANK ISOLATION] another user's key", () => {
  it("[BANK ISOLATION] every category, family and question endpoint answers 404 to another user and changes nothing", async () => {
    const a = await owner();
    const b = await owner();
    const category = await createCategory(a.api, a.projectId);
    const family = await createFamily(a.api, a.projectId);
    const question = await createQuestion(a.api, a.projectId, singleChoice(category.id, { question_family_id: family.id }));
    const before = {
      categories: (await a.api.get(`/projects/${a.projectId}/categories`)).body,
      families: (await a.api.get(`/projects/${a.projectId}/question-families`)).body,
      family: (await a.api.get(`/question-families/${family.id}`)).body,
      questions: (await a.api.get(`/projects/${a.projectId}/questions`)).body,
    };

    const bCategory = await createCategory(b.api, b.projectId);
    const api = b.api;
    const responses = [
      await api.get(`/projects/${a.projectId}/categories`),
      await api.post(`/projects/${a.projectId}/categories`, { name: "Intruder" }),
      await api.get(`/categories/${category.id}`),
      await api.patch(`/categories/${category.id}`, { name: "Intruder" }),
      await api.delete(`/categories/${category.id}`),
      await api.get(`/projects/${a.projectId}/question-families`),
      await api.post(`/projects/${a.projectId}/question-families`, { name: "Intruder" }),
      await api.get(`/question-families/${family.id}`),
      await api.patch(`/question-families/${family.id}`, { description: "Intruder" }),
      await api.delete(`/question-families/${family.id}`),
      await api.get(`/projects/${a.projectId}/questions`),
      await api.post(`/projects/${a.projectId}/questions`, singleChoice(category.id)),
      await api.get(`/questions/${question.id}`),
      await api.patch(`/questions/${question.id}`, { prompt: "Intruder" }),
      await api.delete(`/questions/${question.id}`),
    ];
    for (const res of responses) expectNotFound(res);

    // Nor can B reach A's category or family from B's own project.
    expectValidation(await api.post(`/projects/${b.projectId}/questions`, singleChoice(category.id)), "category_id");
    expectValidation(
      await api.post(`/projects/${b.projectId}/questions`, singleChoice(bCategory.id, { question_family_id: family.id })),
      "question_family_id",
    );

    expect((await a.api.get(`/projects/${a.projectId}/categories`)).body).toEqual(before.categories);
    expect((await a.api.get(`/projects/${a.projectId}/question-families`)).body).toEqual(before.families);
    expect((await a.api.get(`/question-families/${family.id}`)).body).toEqual(before.family);
    expect((await a.api.get(`/projects/${a.projectId}/questions`)).body).toEqual(before.questions);
    expect((await b.api.get(`/projects/${b.projectId}/questions`)).body.questions).toEqual([]);
  });
});
