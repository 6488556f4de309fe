import { describe, expect, it } from "vitest";
import { childrenVisibleTo, isVisibleToLearner, undeletedTree, visibleToLearner } from "./visibility";

const published = { publishedAt: new Date("2026-01-01T00:00:00Z") };
const draft = { publishedAt: null };

describe("[LEARNERS] the visibility rule", () => {
  it("shows a learner a course and a lesson only when both are published and neither is deleted", () => {
    expect(isVisibleToLearner({ course: published })).toBe(true);
    expect(isVisibleToLearner({ course: draft })).toBe(false);
    expect(isVisibleToLearner({ course: published, lesson: published })).toBe(true);
    expect(isVisibleToLearner({ course: published, lesson: draft })).toBe(false);
    expect(isVisibleToLearner({ course: draft, lesson: published })).toBe(false);
    expect(isVisibleToLearner({ course: { ...published, deletedAt: new Date() }, lesson: published })).toBe(false);
    expect(isVisibleToLearner({ course: published, lesson: { ...published, deletedAt: new Date() } })).toBe(false);
  });

  it("asks the database for the same: a block's lesson and course published, nothing up to the project deleted", () => {
    expect(visibleToLearner({ id: "p" }).block).toEqual({
      deletedAt: null,
      lesson: {
        deletedAt: null,
        publishedAt: { not: null },
        module: { deletedAt: null, course: { deletedAt: null, publishedAt: { not: null }, project: { deletedAt: null, id: "p" } } },
      },
    });
  });

  it("lets a caller who reads drafts see everything not deleted, and a learner's children lists only what is published", () => {
    expect(undeletedTree().lesson).toEqual({
      deletedAt: null,
      module: { deletedAt: null, course: { deletedAt: null, project: { deletedAt: null } } },
    });
    expect(childrenVisibleTo({ role: "learner" }).lesson).toEqual({ deletedAt: null, publishedAt: { not: null } });
    expect(childrenVisibleTo({ role: "author" }).lesson).toEqual({ deletedAt: null });
    expect(childrenVisibleTo({ readsDrafts: false }).course).toEqual({ deletedAt: null, publishedAt: { not: null } });
    expect(childrenVisibleTo({ role: "admin" }).module).toEqual({ deletedAt: null });
  });
});
