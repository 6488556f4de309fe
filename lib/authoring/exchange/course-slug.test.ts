import { describe, expect, it } from "vitest";
import { courseSlug } from "./export-course";

describe("[EXPORT] courseSlug", () => {
  it("keeps ASCII letters and digits in lower case, accents dropped, words joined by -", () => {
    expect(courseSlug("Élan: Triangles & Circles")).toBe("elan-triangles-circles");
    expect(courseSlug("  SCORM 2004 -- 4th edition!  ")).toBe("scorm-2004-4th-edition");
  });

  it("falls back to course when nothing of the title is ASCII, and stays short", () => {
    expect(courseSlug("日本語のコース")).toBe("course");
    expect(courseSlug("")).toBe("course");
    const long = courseSlug("a ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith("-")).toBe(false);
  });
});
