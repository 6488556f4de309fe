import { describe, expect, it } from "vitest";
import { dateRange, DEFAULT_RANGE_DAYS } from "./date-range";
import { AppError } from "./errors";

const now = new Date("2026-12-07T12:00:00Z");
const refused = (query: Parameters<typeof dateRange>[0]) => {
  try {
    dateRange(query, now);
  } catch (error) {
    return error instanceof AppError ? { code: error.code, issues: error.details?.issues } : error;
  }
  return "accepted";
};

describe("[DATE RANGE] a report's range", () => {
  it("defaults to the year up to now, and takes dates, date-times and UNIX seconds", () => {
    expect(dateRange({}, now)).toEqual({ from: new Date(now.getTime() - DEFAULT_RANGE_DAYS * 86_400_000), to: now });
    expect(dateRange({ from: "2026-01-01", to: "2026-02-01T00:00:00+01:00" }, now)).toEqual({
      from: new Date("2026-01-01T00:00:00Z"),
      to: new Date("2026-01-31T23:00:00Z"),
    });
    expect(dateRange({ from: 1_767_225_600 }, now).from).toEqual(new Date("2026-01-01T00:00:00Z"));
  });

  it("refuses an inverted, empty or unbounded range, naming the field", () => {
    expect(refused({ from: "2026-03-01", to: "2026-02-01" })).toEqual({
      code: "validation_error",
      issues: [{ path: "from", message: "from must come before to" }],
    });
    expect(refused({ from: "2026-03-01", to: "2026-03-01" })).toMatchObject({ code: "validation_error" });
    expect(refused({ from: "1970-01-01" })).toMatchObject({ issues: [{ path: "from" }] });
    expect(refused({ to: "9999-12-31" })).toMatchObject({ issues: [{ path: "to" }] });
    expect(refused({ from: "2001-01-01", to: "2026-01-01" })).toMatchObject({
      issues: [{ path: "from", message: "A range of at most 3660 days" }],
    });
  });
});
