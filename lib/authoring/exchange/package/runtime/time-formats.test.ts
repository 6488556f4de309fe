import { describe, expect, test } from "vitest";
import { isoDuration, scorm12Timespan } from "./time-formats";

describe("[PACKAGES] session times", () => {
  test("SCORM 1.2 session time is HHHH:MM:SS.SS, hours capped at four digits", () => {
    expect(scorm12Timespan(0)).toBe("0000:00:00.00");
    expect(scorm12Timespan(3_723_450)).toBe("0001:02:03.45");
    expect(scorm12Timespan(59_999)).toBe("0000:01:00.00");
    expect(scorm12Timespan(10_000 * 3_600_000)).toBe("9999:00:00.00");
  });

  test("SCORM 2004 and xAPI durations are ISO 8601 to the hundredth of a second", () => {
    expect(isoDuration(0)).toBe("PT0H0M0S");
    expect(isoDuration(3_723_450)).toBe("PT1H2M3.45S");
    expect(isoDuration(90_000)).toBe("PT0H1M30S");
  });
});
