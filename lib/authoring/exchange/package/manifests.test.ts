import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { validateXML } from "xmllint-wasm";
import { fileNamed, validateManifest } from "@/test/package-manifests";
import type { CourseSnapshot } from "../snapshot-types";
import { packageAuId, packageManifests, schemaDir, SCORM_SCHEMA_FILES } from "./manifests";
import type { PackageOptions } from "./write-package";

const TRICKY_TITLE = `Fish & Chips <basics> "quoted" 'single'`;

function snapshot(title = TRICKY_TITLE): CourseSnapshot {
  return {
    course: {
      id: "c0ffee00-0000-4000-8000-000000000001",
      project_id: "p1",
      title,
      description: "Frying < 180 °C & batter",
      sources: null,
      published_at: null,
    },
    modules: [],
    questions: [],
    quizzes: [],
    categories: [],
    families: [],
  };
}

const options = (format: PackageOptions["format"], completion: "viewed" | "quiz" = "quiz"): PackageOptions => ({
  format,
  completion,
  passing_score: 75,
  include_drafts: false,
  image_links: false,
});

const FILES = ["index.html", "assets/player.js", "assets/player.css", "lessons/Fish & chips.png"];

describe("[PACKAGES] manifests", () => {
  test("a SCORM 1.2 imsmanifest.xml validates against ADL's schemas the package ships", async () => {
    for (const completion of ["viewed", "quiz"] as const) {
      const files = packageManifests(snapshot(), options("scorm12", completion), FILES);
      const manifest = fileNamed(files, "imsmanifest.xml");
      // The schemas in the package are ADL's own, byte for byte the files in lib/.../schemas.
      const shipped = files.filter((f) => f.name.endsWith(".xsd")).map((f) => ({ fileName: f.name, contents: f.text }));
      expect(shipped.map((f) => f.fileName).sort()).toEqual(SCORM_SCHEMA_FILES.scorm12.filter((n) => n.endsWith(".xsd")).sort());
      for (const f of shipped) expect(f.contents).toBe(fs.readFileSync(path.join(schemaDir("scorm12"), f.fileName), "utf8"));
      const result = await validateManifest("scorm12", files);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
      expect(manifest.text).toContain("<schema>ADL SCORM</schema>");
      expect(manifest.text).toContain("<schemaversion>1.2</schemaversion>");
      expect(manifest.text).toContain('adlcp:scormtype="sco" href="index.html"');
      if (completion === "quiz") expect(manifest.text).toContain("<adlcp:masteryscore>75</adlcp:masteryscore>");
      else expect(manifest.text).not.toContain("masteryscore");
      // Every file of the package, and the schemas, are listed in the SCO's resource.
      for (const name of ["index.html", "assets/player.js", "lessons/Fish%20&amp;%20chips.png", "imscp_rootv1p1p2.xsd"]) {
        expect(manifest.text).toContain(`<file href="${name}"/>`);
      }
    }
  });

  test("a SCORM 2004 4th edition imsmanifest.xml validates against ADL's schemas the package ships", async () => {
    for (const completion of ["viewed", "quiz"] as const) {
      const files = packageManifests(snapshot(), options("scorm2004", completion), FILES);
      const manifest = fileNamed(files, "imsmanifest.xml");
      const shipped = files.filter((f) => f.name !== "imsmanifest.xml").map((f) => ({ fileName: f.name, contents: f.text }));
      expect(shipped.map((f) => f.fileName).sort()).toEqual([...SCORM_SCHEMA_FILES.scorm2004].sort());
      const result = await validateManifest("scorm2004", files);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
      expect(manifest.text).toContain("<schemaversion>2004 4th Edition</schemaversion>");
      expect(manifest.text).toContain('adlcp:scormType="sco" href="index.html"');
      if (completion === "quiz") expect(manifest.text).toContain("<imsss:minNormalizedMeasure>0.75</imsss:minNormalizedMeasure>");
      else expect(manifest.text).not.toContain("imsss:sequencing");
    }
  });

  test("a cmi5.xml validates against the cmi5 course structure schema, with one AU of the course's stable id", async () => {
    for (const completion of ["viewed", "quiz"] as const) {
      const files = packageManifests(snapshot(), options("cmi5", completion), FILES);
      expect(files.map((f) => f.name)).toEqual(["cmi5.xml"]);
      const result = await validateManifest("cmi5", files);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
      const xml = files[0].text;
      expect(xml).toContain('<course id="urn:coursewright:course:c0ffee00-0000-4000-8000-000000000001">');
      expect(xml).toContain(`<au id="${packageAuId(snapshot())}"`);
      expect(packageAuId(snapshot())).toBe("urn:coursewright:course:c0ffee00-0000-4000-8000-000000000001/au");
      expect(xml).toContain("<url>index.html</url>");
      expect(xml).toContain('launchMethod="AnyWindow"');
      if (completion === "quiz") expect(xml).toContain('moveOn="Passed" masteryScore="0.75"');
      else expect(xml).toContain('moveOn="Completed"');
    }
  });

  test("titles and descriptions with XML's special characters come back unchanged from every manifest", async () => {
    for (const format of ["scorm12", "scorm2004", "cmi5"] as const) {
      const manifest = packageManifests(snapshot(), options(format), FILES)[0];
      // xmllint reformats the document: the title it reads back is the author's.
      const parsed = await validateXML({ xml: [{ fileName: "m.xml", contents: manifest.text }], normalization: "c14n" });
      expect(parsed.normalized).toContain("Fish &amp; Chips &lt;basics&gt; \"quoted\" 'single'");
      if (format === "cmi5") expect(parsed.normalized).toContain("Frying &lt; 180 °C &amp; batter");
    }
    // A control character XML cannot hold is dropped rather than breaking the manifest.
    const manifest = packageManifests(snapshot("Bell\u0007 course"), options("cmi5"), FILES)[0];
    expect(manifest.text).toContain(">Bell course<");
  });
});
