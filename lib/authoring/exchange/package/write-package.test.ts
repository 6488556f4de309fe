import { Window } from "happy-dom";
import { beforeAll, describe, expect, test } from "vitest";
import {
  COPIED_IMAGE_URL,
  FIXTURE_OPTIONS,
  FIXTURE_PNG,
  fixtureSnapshot,
  LINKED_IMAGE_URL,
  packageZip,
  unzip,
} from "@/test/package-fixtures";
import { SCORM_SCHEMA_FILES } from "./manifests";
import type { LessonData, PlayerConfig } from "./package-data";
import { finalQuizPassMark } from "./write-package";

const parser = new new Window().DOMParser();
const parse = (html: Buffer | undefined) => parser.parseFromString(html?.toString("utf8") ?? "", "text/html") as unknown as Document;
const texts = (nodes: Iterable<Element>) => [...nodes].map((n) => n.textContent?.trim());

let files: Map<string, Buffer>;
const page = (name: string) => parse(files.get(name));

beforeAll(async () => {
  files = await unzip(await packageZip());
});

describe("writePackage", () => {
  test("[PACKAGE] the package holds the shell, a page per lesson, the runtime, the stylesheet, Mermaid and the copied image", () => {
    const names = [...files.keys()].sort();
    const image = names.find((n) => n.startsWith("assets/images/"));
    expect(image).toMatch(/^assets\/images\/[0-9a-f]{20}\.png$/);
    expect(files.get(image!)!.equals(FIXTURE_PNG)).toBe(true);
    expect(names).toEqual(
      [
        "index.html",
        "lessons/001.html",
        "lessons/002.html",
        "lessons/003.html",
        "lessons/004.html",
        "assets/player.js",
        "assets/package.css",
        "assets/mermaid.min.js",
        image!,
        "imsmanifest.xml",
        ...SCORM_SCHEMA_FILES.scorm12,
      ].sort(),
    );
  });

  test("[PACKAGE] the shell lists the lessons by module, shows progress and carries the player's config", () => {
    const doc = page("index.html");
    const nav = doc.querySelector('nav[aria-label="Course"]')!;
    expect(texts(nav.querySelectorAll("a"))).toEqual(["Welcome to the site", "Seeing the site", "Practice", "Final check"]);
    expect([...nav.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "lessons/001.html",
      "lessons/002.html",
      "lessons/003.html",
      "lessons/004.html",
    ]);
    expect(texts(nav.querySelectorAll("p"))).toEqual(["Getting started", "Checking what you know"]);
    const progress = doc.querySelector('[role="progressbar"]')!;
    expect(progress.getAttribute("aria-label")).toBe("Course progress");
    expect(progress.getAttribute("aria-valuenow")).toBe("0");
    expect(texts(doc.querySelectorAll("button"))).toEqual(["Course menu", "Previous lesson", "Exit", "Next lesson"]);
    expect(doc.querySelector("iframe[name=lesson]")!.getAttribute("title")).toBe("Welcome to the site");
    const config = JSON.parse(doc.getElementById("package-config")!.textContent!) as PlayerConfig;
    expect(config).toEqual({
      format: "scorm12",
      completion: "quiz",
      passing_score: 60,
      au_id: "urn:coursewright:course:course-fixture/au",
      title: "Site safety basics",
      lessons: [
        { title: "Welcome to the site", module: "Getting started", href: "lessons/001.html" },
        { title: "Seeing the site", module: "Getting started", href: "lessons/002.html" },
        { title: "Practice", module: "Checking what you know", href: "lessons/003.html" },
        { title: "Final check", module: "Checking what you know", href: "lessons/004.html" },
      ],
      quiz_count: 1,
      final_quiz: 0,
    });
    expect([...doc.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"))).toEqual(["assets/player.js"]);
  });

  test("[PACKAGE] text, examples, scenarios and glossaries render as the learner reader renders them", () => {
    const doc = page("lessons/001.html");
    expect(doc.documentElement.getAttribute("lang")).toBe("en");
    expect(doc.querySelector("h1")!.textContent).toBe("Welcome to the site");
    expect(doc.querySelector("link[rel=stylesheet]")!.getAttribute("href")).toBe("../assets/package.css");
    const text = doc.querySelector('[data-block-type="text"]')!;
    expect(text.querySelector("strong")!.textContent).toBe("hard hat");
    expect(texts(text.querySelectorAll("li"))).toEqual(["Check your boots", "Sign in at the gate"]);
    // HTML in markdown is text, never markup.
    expect(text.querySelector("b")).toBeNull();
    expect(text.textContent).toContain("<b onclick=alert(1)>raw</b>");
    expect(doc.querySelector('aside[aria-label="Example"] em')!.textContent).toBe("07:00");
    const scenario = doc.querySelector('section[aria-label="Scenario"]')!;
    expect(scenario.querySelector("details > summary")!.textContent).toBe("Reveal");
    expect(scenario.querySelector("details strong")!.textContent).toBe("site office");
    const glossary = doc.querySelector('section[aria-label="Site words"]')!;
    expect(texts(glossary.querySelectorAll("dt"))).toEqual(["PPE", "Toolbox talk"]);
    expect(texts(glossary.querySelectorAll("dd"))).toEqual(["Personal protective equipment", "A short safety briefing"]);
    // No diagram on this page: Mermaid is not loaded.
    expect([...doc.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"))).toEqual(["../assets/player.js"]);
  });

  test("[PACKAGE] images, videos, diagrams, interactive HTML and visual placeholders render for the package", () => {
    const doc = page("lessons/002.html");
    const copied = doc.querySelector('img[alt="A red hard hat"]')!;
    expect(copied.getAttribute("src")).toMatch(/^\.\.\/assets\/images\/[0-9a-f]{20}\.png$/);
    expect(copied.closest("figure")!.querySelector("figcaption")!.textContent).toBe("The site's hard hat");
    expect(doc.querySelector('img[alt="A missing picture"]')!.getAttribute("src")).toBe(LINKED_IMAGE_URL);
    // An SVG is shown through a data URL, as the app shows it: its script never runs.
    const svg = doc.querySelector('img[alt="A teal sign"]')!;
    expect(svg.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(svg.getAttribute("width")).toBe("40");
    const youtube = doc.querySelector('iframe[title="Site tour"]')!;
    expect(youtube.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90");
    const watch = [...doc.querySelectorAll("a")].find((a) => a.textContent === "Watch “Site tour” on YouTube")!;
    expect(watch.getAttribute("href")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s");
    const diagram = doc.querySelector("[data-mermaid-code]")!;
    expect(diagram.getAttribute("data-mermaid-code")).toBe("graph TD\n  Gate-->Office\n  Office-->Site");
    expect(diagram.getAttribute("data-label")).toBe("Way in");
    const interactive = doc.querySelector('iframe[title="Hazard spotter"]')!;
    expect(interactive.getAttribute("sandbox")).toBe("allow-scripts");
    expect(interactive.getAttribute("srcdoc")).toContain("document.getElementById('out')");
    expect(interactive.getAttribute("src")).toBeNull();
    expect(interactive.getAttribute("height")).toBe("160");
    const visual = doc.querySelector('section[aria-label="Visual placeholder"]')!;
    expect(visual.textContent).toContain("Visual to be made");
    expect(visual.textContent).toContain("Status: In progress");
    expect(visual.textContent).toContain("A photo of the site gate at dawn");
    expect([...doc.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"))).toEqual([
      "../assets/mermaid.min.js",
      "../assets/player.js",
    ]);
  });

  test("[PACKAGE] practice questions are fieldsets of their options, with their key in the page; unknown blocks are a note", () => {
    const doc = page("lessons/003.html");
    const forms = [...doc.querySelectorAll("form[data-practice]")];
    expect(forms).toHaveLength(2);
    const [helmet, ppe] = forms;
    expect(helmet.querySelector("fieldset > legend")!.textContent).toBe("Which item protects your head?");
    // Options in their sort order, as radios (one answer) or checkboxes (several), labelled by their label.
    expect([...helmet.querySelectorAll("label")].map((l) => [l.textContent, l.querySelector("input")!.getAttribute("type")])).toEqual([
      ["Hard hat", "radio"],
      ["Gloves", "radio"],
      ["Boots", "radio"],
    ]);
    expect([...ppe.querySelectorAll("input")].map((i) => i.getAttribute("type"))).toEqual(["checkbox", "checkbox", "checkbox"]);
    expect(helmet.querySelector("button[type=submit]")!.textContent).toBe("Check answer");
    expect(helmet.querySelector('[role="status"]')).not.toBeNull();
    expect(texts(doc.querySelectorAll("form[data-practice] > p:first-child"))).toEqual(["Practice", "Checkpoint"]);
    const data = JSON.parse(doc.getElementById("lesson-data")!.textContent!) as LessonData;
    expect(data.questions["q-helmet"].options.filter((o) => o.is_correct).map((o) => o.id)).toEqual(["o-hat"]);
    expect(doc.querySelector('[data-block-type="hologram"] [role="note"]')!.textContent).toBe("This block cannot be shown.");
  });

  test("[PACKAGE] a quiz is a form of its questions; the final quiz carries the passing score with completion=quiz", async () => {
    const form = page("lessons/004.html").querySelector("form[data-quiz-index]")!;
    expect(form.getAttribute("aria-label")).toBe("Site safety check");
    expect(texts(form.querySelectorAll("fieldset > legend"))).toEqual([
      "Which item protects your head?",
      "Which of these are protective equipment?",
      "A ladder should be checked before each use.",
    ]);
    expect(form.querySelector("button[type=submit]")!.textContent).toBe("Submit answers");
    expect(form.getAttribute("data-passing-score")).toBe("60");

    const viewed = await unzip(await packageZip(fixtureSnapshot(), { ...FIXTURE_OPTIONS, completion: "viewed" }));
    expect(parse(viewed.get("lessons/004.html")).querySelector("form[data-quiz-index]")!.getAttribute("data-passing-score")).toBeNull();
  });

  test("[PACKAGE] without a diagram there is no Mermaid; an image that cannot be had keeps its address", async () => {
    const snapshot = fixtureSnapshot();
    snapshot.modules[0].lessons[1].blocks = snapshot.modules[0].lessons[1].blocks.filter((b) => b.type !== "diagram");
    const bare = await unzip(await packageZip(snapshot, FIXTURE_OPTIONS, async () => null));
    expect(bare.has("assets/mermaid.min.js")).toBe(false);
    expect([...bare.keys()].some((n) => n.startsWith("assets/images/"))).toBe(false);
    expect(parse(bare.get("lessons/002.html")).querySelector('img[alt="A red hard hat"]')!.getAttribute("src")).toBe(COPIED_IMAGE_URL);
  });

  test("[PACKAGE] a question or quiz in the trash is a note, and the lessons keep their places", async () => {
    const snapshot = fixtureSnapshot();
    for (const b of snapshot.modules[1].lessons.flatMap((l) => l.blocks)) {
      b.question_id = null;
      b.quiz_id = null;
    }
    const pages = await unzip(await packageZip(snapshot));
    expect(texts(parse(pages.get("lessons/003.html")).querySelectorAll('[data-block-type="question"] [role="note"]'))).toEqual([
      "This question is no longer available.",
      "This question is no longer available.",
    ]);
    expect(parse(pages.get("lessons/004.html")).querySelector('[data-block-type="quiz"] [role="note"]')!.textContent).toBe(
      "This quiz is no longer available.",
    );
    const config = JSON.parse(parse(pages.get("index.html")).getElementById("package-config")!.textContent!) as PlayerConfig;
    expect([config.quiz_count, config.final_quiz]).toEqual([0, null]);
  });

  test("[PACKAGE] the passing score an export leaves out is the final quiz's pass mark; 70 when no quiz is left", () => {
    const snapshot = fixtureSnapshot();
    const [quiz] = snapshot.quizzes;
    quiz.pass_percentage = 55;
    expect(finalQuizPassMark(snapshot)).toBe(55);
    for (const b of snapshot.modules.flatMap((m) => m.lessons.flatMap((l) => l.blocks))) b.quiz_id = null;
    expect(finalQuizPassMark(snapshot)).toBe(70);
  });
});
