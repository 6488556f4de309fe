import { randomUUID } from "node:crypto";
import { AppError, validationError, type ValidationIssue } from "@/lib/api/errors";
import { zodIssues } from "@/lib/api/run-endpoint";
import { unstorableText } from "@/lib/api/storable-text";
import type { Db, Tx } from "@/lib/db/client";
import { write, type WriteContext } from "@/lib/db/transaction";
import { assetStorageKey } from "@/lib/files/asset-keys";
import { imageFacts } from "@/lib/files/image-facts";
import { getStorage } from "@/lib/files/storage";
import { Prisma } from "@/lib/generated/prisma/client";
import { getProjectOrThrow } from "../../access";
import { toCourseDto } from "../../dto";
import { insertAt, siblingTurn } from "../../positions";
import type { ImportResultDto } from "../schemas";
import { openSafeZip, type SafeEntry, type SafeZip } from "../zip";
import { ARCHIVE_FORMAT_VERSION, type ArchiveCourse, ArchiveCourseJson, COURSE_JSON, hostedImageUuid } from "./archive-format";

const refuse = (message: string, path = "file") => validationError([{ path, message }], "The archive cannot be imported");

/** course.json, parsed and checked against the format: a newer format is refused before its shape is judged. */
async function readCourseJson(zip: SafeZip): Promise<ArchiveCourse> {
  const entry = zip.entries.find((e) => e.name === COURSE_JSON);
  if (!entry) throw refuse("The archive has no course.json: it is not a course archive");
  let parsed: unknown;
  try {
    parsed = JSON.parse((await zip.read(entry)).toString("utf8"));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse("course.json is not valid JSON");
  }
  const version = (parsed as { format_version?: unknown } | null)?.format_version;
  if (typeof version === "number" && version > ARCHIVE_FORMAT_VERSION) {
    throw refuse(
      `This archive's format_version is ${version}; this server reads version ${ARCHIVE_FORMAT_VERSION} and older`,
      "format_version",
    );
  }
  const unstorable = unstorableText(parsed);
  if (unstorable.length) throw validationError(unstorable, "course.json holds text that cannot be stored");
  const result = ArchiveCourseJson.safeParse(parsed);
  if (!result.success) throw validationError(zodIssues(result.error), "course.json is not a course archive this server reads");
  return result.data;
}

/** What the course needs of the archive's bank: the questions and quizzes its blocks name, and theirs. */
function neededItems(data: ArchiveCourse) {
  const issues: ValidationIssue[] = [];
  const byId = <T extends { id: string }>(items: T[], what: string, path: string) => {
    const map = new Map<string, T>();
    items.forEach((item, i) => {
      if (map.has(item.id)) issues.push({ path: `${path}.${i}.id`, message: `${what} ${item.id} appears twice` });
      map.set(item.id, item);
    });
    return map;
  };
  const questions = byId(data.questions, "Question", "questions");
  const quizzes = byId(data.quizzes, "Quiz", "quizzes");
  const categories = byId(data.categories, "Category", "categories");
  const families = byId(data.families, "Question family", "families");

  const neededQuizzes = new Set<string>();
  const neededQuestions = new Set<string>();
  data.modules.forEach((m, i) =>
    m.lessons.forEach((l, j) =>
      l.blocks.forEach((b, k) => {
        const at = `modules.${i}.lessons.${j}.blocks.${k}`;
        if (b.question_id) {
          if (questions.has(b.question_id)) neededQuestions.add(b.question_id);
          else issues.push({ path: `${at}.question_id`, message: `Question ${b.question_id} is not in the archive` });
        }
        if (b.quiz_id) {
          if (quizzes.has(b.quiz_id)) neededQuizzes.add(b.quiz_id);
          else issues.push({ path: `${at}.quiz_id`, message: `Quiz ${b.quiz_id} is not in the archive` });
        }
      }),
    ),
  );
  data.quizzes.forEach((quiz, i) => {
    if (!neededQuizzes.has(quiz.id)) return;
    quiz.question_ids.forEach((id, j) => {
      if (questions.has(id)) neededQuestions.add(id);
      else issues.push({ path: `quizzes.${i}.question_ids.${j}`, message: `Question ${id} is not in the archive` });
    });
  });
  data.questions.forEach((q, i) => {
    if (!neededQuestions.has(q.id)) return;
    if (!categories.has(q.category_id)) {
      issues.push({ path: `questions.${i}.category_id`, message: `Category ${q.category_id} is not in the archive` });
    }
    if (q.question_family_id && !families.has(q.question_family_id)) {
      issues.push({ path: `questions.${i}.question_family_id`, message: `Question family ${q.question_family_id} is not in the archive` });
    }
  });
  if (issues.length) throw validationError(issues, "The archive refers to items it does not hold");
  const keep = <T extends { id: string }>(items: T[], ids: Set<string>) => items.filter((item) => ids.has(item.id));
  const questionsKept = keep(data.questions, neededQuestions);
  return {
    questions: questionsKept,
    quizzes: keep(data.quizzes, neededQuizzes),
    categories: keep(data.categories, new Set(questionsKept.map((q) => q.category_id))),
    families: keep(data.families, new Set(questionsKept.flatMap((q) => (q.question_family_id ? [q.question_family_id] : [])))),
  };
}

type NewAsset = { uuid: string; storageKey: string; mimeType: string; size: number; width: number; height: number; filename: string };

/**
 * The hosted images the course's image blocks show that this server lacks, stored under their own
 * uuid so the blocks' urls keep working and their bytes stay the same. Each is read from the zip
 * alone, its type sniffed from its bytes (SVG and anything not PNG, JPEG, GIF or WebP refused), and
 * put in storage before the transaction that records it (docs/decisions/009). An image whose uuid
 * this server already has is left as it is.
 */
async function storeMissingAssets(db: Db, zip: SafeZip, data: ArchiveCourse, stored: NewAsset[]): Promise<void> {
  const shown = new Set(data.modules.flatMap((m) => m.lessons.flatMap((l) => l.blocks.flatMap((b) => hostedImageUuid(b) ?? []))));
  // Each uuid once, whatever the list says.
  const wanted = [...new Map(data.assets.filter((a) => shown.has(a.uuid.toLowerCase())).map((a) => [a.uuid.toLowerCase(), a])).values()];
  const present = await db.asset.findMany({ where: { uuid: { in: wanted.map((a) => a.uuid.toLowerCase()) } }, select: { uuid: true } });
  const have = new Set(present.map((a) => a.uuid));
  const entries = new Map<string, SafeEntry>(zip.entries.map((e) => [e.name, e]));
  for (const [i, asset] of wanted.entries()) {
    const uuid = asset.uuid.toLowerCase();
    if (have.has(uuid)) continue;
    const entry = entries.get(asset.path);
    if (!entry) throw refuse(`${asset.path} is listed in course.json but not in the archive`, `assets.${i}.path`);
    const bytes = await zip.read(entry);
    const facts = await imageFacts(bytes);
    if (!facts) throw refuse(`${asset.path} is not a PNG, JPEG, GIF or WebP image`, `assets.${i}.path`);
    const filename = asset.path.slice(asset.path.lastIndexOf("/") + 1);
    const storageKey = assetStorageKey(uuid);
    await getStorage().put(storageKey, bytes, { contentType: facts.mimeType, filename });
    stored.push({ uuid, storageKey, mimeType: facts.mimeType, size: bytes.byteLength, width: facts.width, height: facts.height, filename });
    have.add(uuid);
  }
}

/** Inserts in slices: one statement's parameters stay far below PostgreSQL's 65,535. */
async function insertInSlices<T>(items: T[], insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += 1000) await insert(items.slice(i, i + 1000));
}

/** A category of the project with this name (names are unique case-insensitively): the archive's is used when there is none. */
async function categoryNamed(tx: Tx, projectId: string, name: string): Promise<string> {
  const [existing] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM categories WHERE project_id = ${projectId}::uuid AND deleted_at IS NULL AND lower(name) = lower(${name}) LIMIT 1`;
  if (existing) return existing.id;
  return (await tx.category.create({ data: { projectId, name }, select: { id: true } })).id;
}

/** Writes the course and what it needs, every item under a new id. */
async function createCourseFrom(tx: Tx, ctx: WriteContext, projectId: string, data: ArchiveCourse, stored: NewAsset[]) {
  // Again where the rows are written: the caller's membership may have ended while the archive was read.
  await getProjectOrThrow({ tx, caller: ctx.caller, projectId, action: "content.write" });
  const needed = neededItems(data);
  const newId = new Map<string, string>();
  const idFor = (old: string) => {
    let id = newId.get(old);
    if (!id) newId.set(old, (id = randomUUID()));
    return id;
  };

  // Categories are labels of the project's bank: one of the same name is shared, never made twice.
  const categoryIds = new Map<string, string>();
  for (const c of needed.categories) categoryIds.set(c.id, await categoryNamed(tx, projectId, c.name));
  await tx.questionFamily.createMany({
    data: needed.families.map((f) => ({ id: idFor(f.id), projectId, name: f.name, description: f.description })),
  });
  await insertInSlices(needed.questions, (slice) =>
    tx.question.createMany({
      data: slice.map((q) => ({
        id: idFor(q.id),
        projectId,
        categoryId: categoryIds.get(q.category_id)!,
        questionFamilyId: q.question_family_id ? idFor(q.question_family_id) : null,
        prompt: q.prompt,
        questionType: q.question_type,
        difficulty: q.difficulty,
      })),
    }),
  );
  const options = needed.questions.flatMap((q) =>
    [...q.options]
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((o, i) => ({ id: randomUUID(), questionId: idFor(q.id), label: o.label, sortOrder: i, isCorrect: o.is_correct })),
  );
  await insertInSlices(options, (slice) => tx.questionOption.createMany({ data: slice }));
  await tx.quiz.createMany({
    data: needed.quizzes.map((z) => ({ id: idFor(z.id), projectId, title: z.title, passPercentage: z.pass_percentage })),
  });
  const quizQuestions = needed.quizzes.flatMap((z) =>
    [...new Set(z.question_ids)].map((q, i) => ({ quizId: idFor(z.id), questionId: idFor(q), sortOrder: i })),
  );
  await insertInSlices(quizQuestions, (slice) => tx.quizQuestion.createMany({ data: slice }));

  const position = await insertAt(tx, "course", projectId, undefined);
  const course = await tx.course.create({
    data: {
      projectId,
      title: data.course.title,
      description: data.course.description,
      sources: data.course.sources,
      position,
      publishedAt: null,
    },
  });
  // The archive's order is the order: positions are each item's place in its list.
  const modules = data.modules.map((m, i) => ({ id: randomUUID(), courseId: course.id, title: m.title, position: i }));
  const lessons = data.modules.flatMap((m, i) =>
    m.lessons.map((l, j) => ({
      id: randomUUID(),
      moduleId: modules[i].id,
      title: l.title,
      position: j,
      publishedAt: l.published_at ? new Date(l.published_at) : null,
    })),
  );
  const blocks = data.modules
    .flatMap((m) => m.lessons)
    .flatMap((l, i) =>
      l.blocks.map((b, k) => ({
        id: randomUUID(),
        lessonId: lessons[i].id,
        type: b.type,
        position: k,
        content: b.content === null ? Prisma.DbNull : (b.content as Prisma.InputJsonValue),
        questionRole: b.question_role,
        questionId: b.question_id ? idFor(b.question_id) : null,
        quizId: b.quiz_id ? idFor(b.quiz_id) : null,
      })),
    );
  await insertInSlices(modules, (slice) => tx.module.createMany({ data: slice }));
  await insertInSlices(lessons, (slice) => tx.lesson.createMany({ data: slice }));
  await insertInSlices(blocks, (slice) => tx.block.createMany({ data: slice }));
  if (stored.length) {
    await tx.asset.createMany({
      data: stored.map((a) => ({
        uuid: a.uuid,
        companyId: null,
        uploadedBy: ctx.caller.userId,
        filename: a.filename,
        mimeType: a.mimeType,
        size: a.size,
        width: a.width,
        height: a.height,
        storageKey: a.storageKey,
      })),
    });
  }
  return {
    course: toCourseDto(course),
    summary: {
      modules: modules.length,
      lessons: lessons.length,
      blocks: blocks.length,
      questions: needed.questions.length,
      quizzes: needed.quizzes.length,
      assets: stored.length,
    },
  };
}

/**
 * Creates a new draft course at the end of a project from a course archive (its zip's bytes), with
 * new questions, categories, families and quizzes for those it uses: all in one transaction, or
 * nothing (400 or 413 naming what is wrong with the archive).
 */
export async function importArchive(ctx: WriteContext, projectId: string, archive: Uint8Array): Promise<ImportResultDto> {
  await getProjectOrThrow({ tx: ctx.db, caller: ctx.caller, projectId, action: "content.write" });
  const zip = await openSafeZip(archive);
  const stored: NewAsset[] = [];
  try {
    const data = await readCourseJson(zip);
    // Checked before anything is stored: a refused archive leaves no bytes behind either.
    neededItems(data);
    if (!ctx.dryRun) await storeMissingAssets(ctx.db, zip, data, stored);
    return await write(ctx, (tx) => createCourseFrom(tx, ctx, projectId, data, stored), {
      turnOn: siblingTurn("course", [projectId]),
      target: (result) => result.course.id,
    });
  } catch (error) {
    // Bytes stored for a course that was not made are removed again: nothing names them.
    await Promise.all(
      stored.map((a) =>
        getStorage()
          .delete(a.storageKey)
          .catch((e: unknown) => console.error("[import] could not delete", a.storageKey, e)),
      ),
    );
    throw error;
  } finally {
    zip.close();
  }
}
