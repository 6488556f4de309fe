/**
 * A package's manifest validated against its standard's schemas, as an LMS would load them: the
 * unit tests of the manifests and the integration tests of exported packages share it.
 */
import fs from "node:fs";
import { validateXML, type XMLFileInfo } from "xmllint-wasm";
import type { PackageFile } from "@/lib/authoring/exchange/package/manifests";
import type { PackageFormat } from "@/lib/authoring/exchange/schemas";

export const MANIFEST_NAME: Record<PackageFormat, string> = { scorm12: "imsmanifest.xml", scorm2004: "imsmanifest.xml", cmi5: "cmi5.xml" };

/** The root schema of each namespace a SCORM manifest uses; they import the rest. */
const SCORM_ROOTS: Record<"scorm12" | "scorm2004", [string, string][]> = {
  scorm12: [
    ["http://www.imsproject.org/xsd/imscp_rootv1p1p2", "imscp_rootv1p1p2.xsd"],
    ["http://www.adlnet.org/xsd/adlcp_rootv1p2", "adlcp_rootv1p2.xsd"],
  ],
  scorm2004: [
    ["http://www.imsglobal.org/xsd/imscp_v1p1", "imscp_v1p1.xsd"],
    ["http://www.adlnet.org/xsd/adlcp_v1p3", "adlcp_v1p3.xsd"],
    ["http://www.adlnet.org/xsd/adlseq_v1p3", "adlseq_v1p3.xsd"],
    ["http://www.adlnet.org/xsd/adlnav_v1p3", "adlnav_v1p3.xsd"],
    ["http://www.imsglobal.org/xsd/imsss", "imsss_v1p0.xsd"],
  ],
};

/** cmi5 packages ship no schema: the course structure schema is the test's own copy of the spec's. */
const CMI5_SCHEMA = "test/fixtures/cmi5/cmi5_CourseStructure.xsd";

/** One schema that imports the others, as an LMS validating the manifest would load them. */
function wrapper(imports: [string, string][]): XMLFileInfo {
  const body = imports.map(([ns, file]) => `  <xs:import namespace="${ns}" schemaLocation="${file}"/>`).join("\n");
  return {
    fileName: "all.xsd",
    contents: `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:test:all" elementFormDefault="qualified">\n${body}\n</xs:schema>\n`,
  };
}

export const fileNamed = (files: PackageFile[], name: string) => {
  const file = files.find((f) => f.name === name);
  if (!file) throw new Error(`no ${name} among ${files.map((f) => f.name).join(", ")}`);
  return file;
};

/**
 * Validates the manifest among `files` (a package's files, or packageManifests' output): a SCORM
 * manifest against the ADL schemas among `files` (those the package ships, .xsd and .dtd), a
 * cmi5.xml against the cmi5 course structure schema.
 */
export async function validateManifest(format: PackageFormat, files: PackageFile[]) {
  const manifest = fileNamed(files, MANIFEST_NAME[format]);
  const xml = [{ fileName: manifest.name, contents: manifest.text }];
  if (format === "cmi5") {
    return validateXML({ xml, schema: [{ fileName: "cmi5_CourseStructure.xsd", contents: fs.readFileSync(CMI5_SCHEMA, "utf8") }] });
  }
  const shipped = files.filter((f) => /\.(xsd|dtd)$/.test(f.name)).map((f) => ({ fileName: f.name, contents: f.text }));
  return validateXML({ xml, schema: [wrapper(SCORM_ROOTS[format])], preload: shipped });
}
