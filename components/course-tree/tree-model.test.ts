import { describe, expect, it } from "vitest";
import { applyMove, flatten, planMove, versionsOf, type ProjectTree } from "./tree-model";

const lesson = (id: string, module_id: string, position: number) => ({ id, module_id, title: id, position, published_at: null });
const tree: ProjectTree = {
  id: "p",
  name: "P",
  courses: [
    {
      id: "c1",
      title: "c1",
      position: 0,
      published_at: null,
      modules: [
        { id: "m1", course_id: "c1", title: "m1", position: 0, lessons: [lesson("l1", "m1", 0), lesson("l2", "m1", 1)] },
        { id: "m2", course_id: "c1", title: "m2", position: 1, lessons: [lesson("l3", "m2", 0)] },
      ],
    },
    {
      id: "c2",
      title: "c2",
      position: 1,
      published_at: null,
      modules: [{ id: "m3", course_id: "c2", title: "m3", position: 0, lessons: [] }],
    },
  ],
};

describe("[COURSE TREE] moves", () => {
  const items = flatten(tree, new Set());

  it("flattens in display order with depths", () => {
    expect(items.map((i) => `${i.depth}${i.id}`)).toEqual(["0c1", "1m1", "2l1", "2l2", "1m2", "2l3", "0c2", "1m3"]);
  });

  it("moves a lesson onto another module's lesson, keeping both modules contiguous", () => {
    const move = planMove(items, "l1", "l3");
    expect(move).toEqual({ kind: "lesson", id: "l1", fromModuleId: "m1", toModuleId: "m2", position: 0 });
    const after = applyMove(tree, move as never);
    const [m1, m2] = after.courses![0].modules!;
    expect(m1.lessons!.map((l) => [l.id, l.position])).toEqual([["l2", 0]]);
    expect(m2.lessons!.map((l) => [l.id, l.position, l.module_id])).toEqual([
      ["l1", 0, "m2"],
      ["l3", 1, "m2"],
    ]);
  });

  it("reorders courses and modules, and refuses moves the API cannot make", () => {
    expect(planMove(items, "c2", "l1")).toEqual({ kind: "course", id: "c2", position: 0 });
    expect(applyMove(tree, { kind: "course", id: "c2", position: 0 }).courses!.map((c) => c.id)).toEqual(["c2", "c1"]);
    expect(planMove(items, "m2", "l1")).toEqual({ kind: "module", id: "m2", courseId: "c1", position: 0 });
    expect(planMove(items, "m1", "m3")).toHaveProperty("refused");
    expect(planMove(items, "l1", "m3")).toHaveProperty("refused");
    expect(planMove(items, "l1", "l1")).toBeNull();
  });
});

describe("[COURSE TREE] versions", () => {
  it("finds every course, module and lesson's updated_at by its id", () => {
    const at = (id: string) => ({ id, updated_at: `${id}-v` });
    const versions = versionsOf({
      courses: [
        {
          ...at("c1"),
          modules: [
            { ...at("m1"), lessons: [at("l1"), at("l2")] },
            { ...at("m2"), lessons: null },
          ],
        },
        { ...at("c2"), modules: null },
      ],
    });
    expect(Object.fromEntries(versions)).toEqual({ c1: "c1-v", m1: "m1-v", l1: "l1-v", l2: "l2-v", m2: "m2-v", c2: "c2-v" });
    expect(versions.get("unknown")).toBeUndefined();
  });
});
