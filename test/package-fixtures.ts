/**
 * A course snapshot with every block type, for tests of course packages (unit, browser and LMS
 * tests), and the helpers to write it as a package zip and unpack it.
 */
import fs from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import { ZipFile } from "yazl";
import type { ImageSource, PackageOptions } from "@/lib/authoring/exchange/package/write-package";
import { writePackage } from "@/lib/authoring/exchange/package/write-package";
import type { CourseSnapshot, SnapshotBlock, SnapshotQuestion } from "@/lib/authoring/exchange/snapshot-types";

/** An 8x8 red PNG: what the fixture's image address serves. */
export const FIXTURE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4ISeHFTEMLQkAkL9BAbKfPiIAAAAASUVORK5CYII=",
  "base64",
);
/** An image the package copies in (FIXTURE_IMAGES has its bytes). */
export const COPIED_IMAGE_URL = "https://images.example.test/hard-hat.png";
/** An image that cannot be had when packaging: the package keeps its address. */
export const LINKED_IMAGE_URL = "https://images.example.test/missing.png";

export const FIXTURE_IMAGES: ImageSource = async (url) => (url === COPIED_IMAGE_URL ? { bytes: FIXTURE_PNG, mimeType: "image/png" } : null);

const option = (id: string, label: string, sort_order: number, is_correct: boolean) => ({ id, label, sort_order, is_correct });

const question = (id: string, prompt: string, question_type: SnapshotQuestion["question_type"], options: SnapshotQuestion["options"]) => ({
  id,
  category_id: "cat-safety",
  question_family_id: null,
  prompt,
  question_type,
  difficulty: 1,
  options,
});

let position = 0;
const block = (type: string, content: unknown, extra: Partial<SnapshotBlock> = {}): SnapshotBlock => ({
  id: `block-${++position}`,
  type,
  position,
  content,
  question_role: null,
  question_id: null,
  quiz_id: null,
  ...extra,
});

export const FIXTURE_QUESTIONS = {
  helmet: question("q-helmet", "Which item protects your head?", "single_choice", [
    option("o-gloves", "Gloves", 1, false),
    option("o-hat", "Hard hat", 0, true),
    option("o-boots", "Boots", 2, false),
  ]),
  ppe: question("q-ppe", "Which of these are protective equipment?", "multiple_choice", [
    option("o-goggles", "Goggles", 0, true),
    option("o-sandwich", "Sandwich", 1, false),
    option("o-vest", "High-visibility vest", 2, true),
  ]),
  ladder: question("q-ladder", "A ladder should be checked before each use.", "true_false", [
    option("o-true", "True", 0, true),
    option("o-false", "False", 1, false),
  ]),
};

/** The quiz of the final lesson: the three questions, the first correct answer of each is listed in QUIZ_ANSWERS. */
export const FIXTURE_QUIZ = {
  id: "quiz-final",
  title: "Site safety check",
  pass_percentage: 70,
  question_ids: ["q-helmet", "q-ppe", "q-ladder"],
};

/** Every block type the app has, and one it does not, over two modules and four lessons. */
export function fixtureSnapshot(): CourseSnapshot {
  position = 0;
  return {
    course: {
      id: "course-fixture",
      project_id: "project-fixture",
      title: "Site safety basics",
      description: "Staying safe on a building site.",
      sources: [],
      published_at: "2026-11-01T00:00:00.000Z",
    },
    modules: [
      {
        id: "module-1",
        title: "Getting started",
        position: 1,
        lessons: [
          {
            id: "lesson-1",
            title: "Welcome to the site",
            position: 1,
            published_at: "2026-11-01T00:00:00.000Z",
            blocks: [
              block("text", {
                body: "Wear a **hard hat** at all times.\n\n- Check your boots\n- Sign in at the gate\n\n<b onclick=alert(1)>raw</b>",
              }),
              block("example", { body: "Maria signs in at *07:00* every morning." }),
              block("scenario", { body: "A visitor arrives without boots.", reveal: "Lend them a pair from the **site office**." }),
              block("glossary", {
                title: "Site words",
                terms: [
                  { term: "PPE", definition: "Personal protective equipment" },
                  { term: "Toolbox talk", definition: "A short safety briefing" },
                ],
              }),
            ],
          },
          {
            id: "lesson-2",
            title: "Seeing the site",
            position: 2,
            published_at: "2026-11-01T00:00:00.000Z",
            blocks: [
              block("image", { source: { type: "url", url: COPIED_IMAGE_URL }, alt: "A red hard hat", caption: "The site's hard hat" }),
              block("image", { source: { type: "url", url: LINKED_IMAGE_URL }, alt: "A missing picture", caption: "" }),
              block("image", {
                source: {
                  type: "svg",
                  code: '<svg viewBox="0 0 40 20"><script>alert(1)</script><rect width="40" height="20" fill="teal"/></svg>',
                },
                alt: "A teal sign",
                caption: "",
              }),
              block("video", { source: { type: "youtube", id: "dQw4w9WgXcQ", start: 90 }, title: "Site tour", caption: "The tour" }),
              block("diagram", { source: { type: "mermaid", code: "graph TD\n  Gate-->Office\n  Office-->Site" }, caption: "Way in" }),
              block("interactive", {
                source: {
                  type: "html",
                  code: "<!doctype html><p id='out'>Ready</p><script>document.getElementById('out').textContent = 'Script ran'</script>",
                },
                title: "Hazard spotter",
                caption: "",
                height: 160,
              }),
              block("visual", { prompt: "A photo of the site gate at dawn", status: "in_progress" }),
            ],
          },
        ],
      },
      {
        id: "module-2",
        title: "Checking what you know",
        position: 2,
        lessons: [
          {
            id: "lesson-3",
            title: "Practice",
            position: 1,
            published_at: "2026-11-01T00:00:00.000Z",
            blocks: [
              block("question", null, { question_id: "q-helmet", question_role: "practice" }),
              block("question", null, { question_id: "q-ppe", question_role: "checkpoint" }),
              block("hologram", { beam: 3 }),
            ],
          },
          {
            id: "lesson-4",
            title: "Final check",
            position: 2,
            published_at: "2026-11-01T00:00:00.000Z",
            blocks: [block("text", { body: "Answer all three questions." }), block("quiz", null, { quiz_id: FIXTURE_QUIZ.id })],
          },
        ],
      },
    ],
    questions: Object.values(FIXTURE_QUESTIONS),
    quizzes: [FIXTURE_QUIZ],
    categories: [{ id: "cat-safety", name: "Safety" }],
    families: [],
  };
}

export const FIXTURE_OPTIONS: PackageOptions = {
  format: "scorm12",
  include_drafts: false,
  completion: "quiz",
  passing_score: 60,
  image_links: false,
};

/** The package writePackage makes, as the bytes of its zip. */
export async function packageZip(
  snapshot: CourseSnapshot = fixtureSnapshot(),
  options: PackageOptions = FIXTURE_OPTIONS,
  images: ImageSource = FIXTURE_IMAGES,
): Promise<Buffer> {
  const zip = new ZipFile();
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
  await writePackage(zip, snapshot, options, images);
  zip.end();
  return done;
}

/** A zip's files by name. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const parts: Buffer[] = [];
          stream.on("data", (c: Buffer) => parts.push(c));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** Writes a zip's files under `dir`. */
export async function extractZip(bytes: Buffer, dir: string): Promise<void> {
  for (const [name, data] of await unzip(bytes)) {
    const target = path.join(dir, name);
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`A zip entry outside its folder: ${name}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data);
  }
}
