import { describe, expect, it } from "vitest";
import { courseExportUrl, filenameOf } from "./queries";

describe("[COURSE EXCHANGE] client", () => {
  it("asks for the options a format takes", () => {
    const base = { include_drafts: false, completion: "viewed", passing_score: 80 } as const;
    expect(courseExportUrl("c1", { ...base, format: "archive" })).toBe(
      "/api/authoring/courses/c1/export?format=archive&include_drafts=false",
    );
    expect(courseExportUrl("c1", { ...base, format: "scorm12" })).toBe(
      "/api/authoring/courses/c1/export?format=scorm12&include_drafts=false&completion=viewed",
    );
    expect(courseExportUrl("c1", { ...base, format: "cmi5", completion: "quiz", passing_score: 65, include_drafts: true })).toBe(
      "/api/authoring/courses/c1/export?format=cmi5&include_drafts=true&completion=quiz&passing_score=65",
    );
    // No score chosen: the server takes the final quiz's own pass mark.
    expect(courseExportUrl("c1", { ...base, format: "scorm2004", completion: "quiz", passing_score: null })).toBe(
      "/api/authoring/courses/c1/export?format=scorm2004&include_drafts=false&completion=quiz",
    );
  });

  it("saves under the name the server gives, its UTF-8 name first", () => {
    expect(filenameOf('attachment; filename="safety-scorm12.zip"', "x.zip")).toBe("safety-scorm12.zip");
    expect(filenameOf("attachment; filename=\"cafe-archive.zip\"; filename*=UTF-8''caf%C3%A9-archive.zip", "x.zip")).toBe(
      "café-archive.zip",
    );
    expect(filenameOf("attachment; filename=plain.zip", "x.zip")).toBe("plain.zip");
    expect(filenameOf(null, "course-cmi5.zip")).toBe("course-cmi5.zip");
  });
});
