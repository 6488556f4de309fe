import { describe, expect, it } from "vitest";
import { exportFilename } from "./export-filename";

describe("[EXPORT] exportFilename", () => {
  it("keeps ASCII letters and digits in lower case, accents dropped, words joined by -", () => {
    expect(exportFilename("Élan: Triangles & Circles", "archive")).toBe("elan-triangles-circles-archive.zip");
    expect(exportFilename("  SCORM 2004 -- 4th edition!  ", "scorm2004")).toBe("scorm-2004-4th-edition-scorm2004.zip");
  });

  it("falls back to course when nothing of the title is ASCII, and stays short", () => {
    expect(exportFilename("日本語のコース", "cmi5")).toBe("course-cmi5.zip");
    expect(exportFilename("", "scorm12")).toBe("course-scorm12.zip");
    const long = exportFilename("a ".repeat(100), "archive");
    expect(long.length).toBeLessThanOrEqual(60 + "-archive.zip".length);
    expect(long).not.toContain("--");
  });
});
