import fs from "node:fs";
import path from "node:path";
import type { CourseSnapshot } from "../snapshot-types";
import type { PackageOptions } from "./write-package";

/** A file the manifest step adds to the package (imsmanifest.xml and its schemas, or cmi5.xml). */
export type PackageFile = { name: string; text: string };

/**
 * ADL's schemas each SCORM manifest names (xsi:schemaLocation and their imports), shipped in the
 * package root as ADL's packaging guidance asks, so an LMS validating offline finds them.
 */
export const SCORM_SCHEMA_FILES = {
  scorm12: ["imscp_rootv1p1p2.xsd", "imsmd_rootv1p2p1.xsd", "adlcp_rootv1p2.xsd", "ims_xml.xsd"],
  scorm2004: [
    "imscp_v1p1.xsd",
    "adlcp_v1p3.xsd",
    "adlseq_v1p3.xsd",
    "adlnav_v1p3.xsd",
    "imsss_v1p0.xsd",
    "imsss_v1p0auxresource.xsd",
    "imsss_v1p0control.xsd",
    "imsss_v1p0delivery.xsd",
    "imsss_v1p0limit.xsd",
    "imsss_v1p0objective.xsd",
    "imsss_v1p0random.xsd",
    "imsss_v1p0rollup.xsd",
    "imsss_v1p0seqrule.xsd",
    "imsss_v1p0util.xsd",
    "xml.xsd",
    "XMLSchema.dtd",
    "datatypes.dtd",
  ],
} as const;

export const schemaDir = (format: "scorm12" | "scorm2004") =>
  path.resolve(/*turbopackIgnore: true*/ process.cwd(), "lib", "authoring", "exchange", "package", "schemas", format);

/** The course's id outside the app: cmi5 course id, and the root of the AU's. Stable across exports. */
export const packageCourseId = (snapshot: CourseSnapshot) => `urn:coursewright:course:${snapshot.course.id}`;

/** The AU's id in cmi5.xml: writePackage puts the same value in PackageConfig.au_id. */
export const packageAuId = (snapshot: CourseSnapshot) => `${packageCourseId(snapshot)}/au`;

/** XML identifiers (xsd:ID) cannot hold ":"; this one is still derived from the course id alone. */
const xmlId = (snapshot: CourseSnapshot) => `coursewright-course-${snapshot.course.id.replace(/[^A-Za-z0-9._-]/g, "-")}`;

/** Text and attribute values, escaped; characters XML 1.0 forbids are dropped. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The launch page every manifest points at (writePackage writes it). */
const LAUNCH = "index.html";

function fileList(files: string[], schemas: readonly string[], indent: string): string {
  const all = [...new Set([LAUNCH, ...files, ...schemas])];
  return all.map((name) => `${indent}<file href="${xmlEscape(encodeURI(name))}"/>`).join("\n");
}

function scorm12Manifest(snapshot: CourseSnapshot, options: PackageOptions, files: string[]): string {
  const id = xmlId(snapshot);
  const title = xmlEscape(snapshot.course.title);
  // The LMS compares cmi.core.score.raw (a percentage, see runtime/scorm12.ts) with this.
  const mastery = options.completion === "quiz" ? `\n        <adlcp:masteryscore>${options.passing_score}</adlcp:masteryscore>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${title}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${title}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH}">
${fileList(files, SCORM_SCHEMA_FILES.scorm12, "      ")}
    </resource>
  </resources>
</manifest>
`;
}

function scorm2004Manifest(snapshot: CourseSnapshot, options: PackageOptions, files: string[]): string {
  const id = xmlId(snapshot);
  const title = xmlEscape(snapshot.course.title);
  // With completion=quiz the objective is satisfied by the quiz's scaled score: the LMS hands
  // minNormalizedMeasure to the SCO as cmi.scaled_passing_score.
  const sequencing =
    options.completion === "quiz"
      ? `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="${id}-quiz" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${options.passing_score / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`
      : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${title}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${title}</title>${sequencing}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormType="sco" href="${LAUNCH}">
${fileList(files, SCORM_SCHEMA_FILES.scorm2004, "      ")}
    </resource>
  </resources>
</manifest>
`;
}

function cmi5Manifest(snapshot: CourseSnapshot, options: PackageOptions): string {
  const title = xmlEscape(snapshot.course.title);
  const description = xmlEscape(snapshot.course.description);
  // The snapshot carries no language; "und" (undetermined, BCP 47) says so rather than guessing.
  const text = (value: string) => `<langstring lang="und">${value}</langstring>`;
  const rule = options.completion === "quiz" ? `moveOn="Passed" masteryScore="${options.passing_score / 100}"` : `moveOn="Completed"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xmlEscape(packageCourseId(snapshot))}">
    <title>${text(title)}</title>
    <description>${text(description)}</description>
  </course>
  <au id="${xmlEscape(packageAuId(snapshot))}" ${rule} launchMethod="AnyWindow">
    <title>${text(title)}</title>
    <description>${text(description)}</description>
    <url>${LAUNCH}</url>
  </au>
</courseStructure>
`;
}

function schemaFiles(format: "scorm12" | "scorm2004"): PackageFile[] {
  return SCORM_SCHEMA_FILES[format].map((name) => ({ name, text: fs.readFileSync(path.join(schemaDir(format), name), "utf8") }));
}

/**
 * The package's manifest for its standard: imsmanifest.xml listing every file (SCORM 1.2, SCORM
 * 2004 4th edition), or cmi5.xml with one AU (cmi5). `files` are the package's other files.
 */
export function packageManifests(snapshot: CourseSnapshot, options: PackageOptions, files: string[]): PackageFile[] {
  switch (options.format) {
    case "scorm12":
      return [{ name: "imsmanifest.xml", text: scorm12Manifest(snapshot, options, files) }, ...schemaFiles("scorm12")];
    case "scorm2004":
      return [{ name: "imsmanifest.xml", text: scorm2004Manifest(snapshot, options, files) }, ...schemaFiles("scorm2004")];
    case "cmi5":
      return [{ name: "cmi5.xml", text: cmi5Manifest(snapshot, options) }];
  }
}
