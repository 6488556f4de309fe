import { describe, expect, it } from "vitest";
import { periodsOf, periodStart } from "./periods";

const at = (iso: string) => new Date(iso);
const days = (dates: Date[]) => dates.map((d) => d.toISOString().slice(0, 10));

describe("[PIPELINE] periods", () => {
  it("a moment's ISO week starts on its Monday at 00:00 UTC, its month on the 1st", () => {
    expect(periodStart(at("2025-01-12T23:59:59.999Z"), "week")).toEqual(at("2025-01-06T00:00:00Z"));
    expect(periodStart(at("2025-01-13T00:00:00Z"), "week")).toEqual(at("2025-01-13T00:00:00Z"));
    expect(periodStart(at("2025-01-01T12:00:00Z"), "week")).toEqual(at("2024-12-30T00:00:00Z"));
    expect(periodStart(at("2024-02-29T23:59:59Z"), "month")).toEqual(at("2024-02-01T00:00:00Z"));
    expect(periodStart(at("2025-03-01T00:00:00Z"), "month")).toEqual(at("2025-03-01T00:00:00Z"));
  });

  it("cover [from, to): the first period holds `from`, the last the moment before `to`", () => {
    const q1 = { from: at("2025-01-01T00:00:00Z"), to: at("2025-04-01T00:00:00Z") };
    expect(days(periodsOf(q1, "month"))).toEqual(["2025-01-01", "2025-02-01", "2025-03-01"]);
    const weeks = days(periodsOf(q1, "week"));
    expect(weeks).toHaveLength(14);
    expect([weeks[0], weeks.at(-1)]).toEqual(["2024-12-30", "2025-03-31"]);
    expect(days(periodsOf({ from: at("2025-12-15T08:00:00Z"), to: at("2026-01-01T00:00:00.001Z") }, "month"))).toEqual([
      "2025-12-01",
      "2026-01-01",
    ]);
  });
});
