import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { exportFilename } from "./export-filename";
import { EXPORT_LINK_TTL_SECONDS, exportTokenFor, readExportToken, signExportToken } from "./export-link-token";

const COURSE = "3f1d7c9a-2b4e-4c6f-8a0b-1c2d3e4f5a6b";
const USER = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
const OPTIONS = { format: "cmi5", include_drafts: true, completion: "quiz", passing_score: 70, image_links: false } as const;

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
};

describe("[EXPORT LINKS] tokens", () => {
  it("give back what they were made with until they expire, 15 minutes later", () => {
    const now = Date.UTC(2026, 10, 27, 9, 0, 0);
    const { token, expiresAt } = exportTokenFor(COURSE, USER, OPTIONS, now);
    expect(expiresAt.getTime()).toBe(now + EXPORT_LINK_TTL_SECONDS * 1000);
    expect(readExportToken(token, now + EXPORT_LINK_TTL_SECONDS * 1000 - 1)).toEqual({
      purpose: "course-export",
      course_id: COURSE,
      user_id: USER,
      options: OPTIONS,
      exp: now / 1000 + EXPORT_LINK_TTL_SECONDS,
    });
    const expired = refusal(() => readExportToken(token, now + EXPORT_LINK_TTL_SECONDS * 1000));
    expect(expired).toBeInstanceOf(AppError);
    expect(expired).toMatchObject({ code: "not_found", message: expect.stringMatching(/expired/) });
  });

  it("refuse an altered payload, a changed signature, another purpose and anything else", () => {
    const { token } = exportTokenFor(COURSE, USER, OPTIONS);
    const [payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const archive = Buffer.from(JSON.stringify({ ...claims, options: { ...OPTIONS, format: "archive" } })).toString("base64url");
    const exp = Math.floor(Date.now() / 1000) + 60;
    const otherPurpose = signExportToken({ purpose: "unsubscribe", course_id: COURSE, user_id: USER, options: OPTIONS, exp });
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const bad of [`${archive}.${signature}`, `${payload}.${flipped}`, `${payload}.${signature}.x`, otherPurpose, "", "a.b"]) {
      expect(refusal(() => readExportToken(bad))).toMatchObject({
        code: "not_found",
        message: expect.stringMatching(/not one this app made/),
      });
    }
  });
});

describe("[EXPORT LINKS] file names", () => {
  it("are the course title's ASCII words, hyphenated, then the format", () => {
    expect(exportFilename("Safety at Work: Éléments", "scorm2004")).toBe("safety-at-work-elements-scorm2004.zip");
    expect(exportFilename("  ***  ", "archive")).toBe("course-archive.zip");
    expect(exportFilename("x".repeat(100), "cmi5")).toBe(`${"x".repeat(60)}-cmi5.zip`);
  });
});
