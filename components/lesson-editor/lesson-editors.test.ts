import { describe, expect, it } from "vitest";
import { describeEditors } from "./lesson-editors";

const at = "2026-01-01T00:00:00.000Z";
const other = (user_name: string) => ({ user_name, is_same_user: false, via: "browser" as const, last_saved_at: at });
const myOtherTab = { user_name: "Me", is_same_user: true, via: "browser" as const, last_saved_at: at };

describe("[EDITING] describeEditors", () => {
  it("says nothing when nobody else saved", () => {
    expect(describeEditors([])).toBeUndefined();
  });

  it("counts the author's own other tabs as sessions, never by the author's name", () => {
    expect(describeEditors([myOtherTab])).toBe("1 other session");
    expect(describeEditors([myOtherTab, myOtherTab])).toBe("2 other sessions");
  });

  it("names other authors, two at most, and counts the rest", () => {
    expect(describeEditors([other("Ada")])).toBe("Ada");
    expect(describeEditors([other("Ada"), other("Bob")])).toBe("Ada and Bob");
    expect(describeEditors([other("Ada"), myOtherTab])).toBe("Ada and 1 other");
    expect(describeEditors([other("Ada"), other("Ada")])).toBe("Ada and 1 other");
    expect(describeEditors([other("Ada"), other("Bob"), other("Cy"), myOtherTab])).toBe("Ada, Bob and 2 others");
  });
});
