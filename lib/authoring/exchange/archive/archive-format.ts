import { z } from "zod";
import { appOrigin } from "@/lib/mail/app-url";
import { BLOCK_TYPES, BlockCreate, QuestionRole } from "../../blocks/schemas";
import { Description, Title } from "../../common-schemas";
import { CourseSource } from "../../courses/schemas";
import { OptionInput, optionRuleIssues, QuestionTypeEnum, MAX_PROMPT_CHARS } from "../../questions/schemas";

/**
 * The course archive (docs/course-archive.md): a zip holding `course.json`, which this module
 * describes, and `assets/<uuid>.<ext>`, the bytes of the app's hosted images its image blocks
 * show. The ids in course.json link its parts (a block to its question); an import gives every
 * item a new id.
 */

/** The format's major version. Adding a field keeps it; a change an older reader would misread bumps it. */
export const ARCHIVE_FORMAT_VERSION = 1;
export const ARCHIVE_FORMAT = "coursewright-course-archive";
export const COURSE_JSON = "course.json";
export const ASSETS_DIR = "assets/";

/** The path of a hosted file's bytes in the archive. */
export const assetPath = (uuid: string, ext: string) => `${ASSETS_DIR}${uuid}.${ext}`;

/** A hosted file of this app, as an image block's url names it (lib/files: `/api/files/<uuid>`). */
const HOSTED_FILE = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The uuid of the hosted file a url names, or null: `/api/files/<uuid>`, or the same path on the
 * app's own origin (APP_URL), which is what people copy from the browser's address bar. An export
 * copies such a file from storage rather than over HTTP to itself.
 */
export function hostedFileUuid(url: string, ownOrigin: string = appOrigin()): string | null {
  const trimmed = url.trim();
  const relative = HOSTED_FILE.exec(trimmed);
  if (relative) return relative[1].toLowerCase();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const absolute = new URL(trimmed);
    if (absolute.origin !== ownOrigin || absolute.search || absolute.hash) return null;
    return HOSTED_FILE.exec(absolute.pathname)?.[1].toLowerCase() ?? null;
  } catch {
    return null;
  }
}

/** The url an image block shows, when it is a url (not drawn SVG, not another block). */
function imageUrl(block: { type: string; content: unknown }): string | null {
  if (block.type !== "image") return null;
  const source = (block.content as { source?: { type?: unknown; url?: unknown } } | null)?.source;
  return source?.type === "url" && typeof source.url === "string" ? source.url : null;
}

/** The uuid of the hosted file an image block shows, or null (an external url, an SVG, another block). */
export function hostedImageUuid(block: { type: string; content: unknown }, ownOrigin?: string): string | null {
  const url = imageUrl(block);
  return url === null ? null : hostedFileUuid(url, ownOrigin);
}

/**
 * The block as an archive carries it: an image of this app's own files, written as an absolute
 * address, becomes `/api/files/<uuid>`, so the course shows the copy wherever it is imported
 * rather than reaching back to the server it came from.
 */
export function withPortableImageUrl<B extends { type: string; content: unknown }>(block: B, ownOrigin?: string): B {
  const url = imageUrl(block);
  const uuid = url === null ? null : hostedFileUuid(url, ownOrigin);
  if (uuid === null || HOSTED_FILE.test(url!.trim())) return block;
  const content = block.content as { source: Record<string, unknown> };
  return { ...block, content: { ...content, source: { ...content.source, url: `/api/files/${uuid}` } } };
}

const Id = z.uuid();
const IsoTime = z.iso.datetime({ offset: true });

const ArchiveBlock = z
  .object({
    id: Id,
    type: z.string().refine((t) => (BLOCK_TYPES as readonly string[]).includes(t), {
      error: (issue) => `Unknown block type ${JSON.stringify(issue.input)}: this server knows ${BLOCK_TYPES.join(", ")}`,
    }),
    position: z.number().int().optional(),
    // The block endpoints' own rule for content (its size, a glossary's terms).
    content: BlockCreate.shape.content.unwrap().nullable(),
    question_role: QuestionRole.nullable(),
    question_id: Id.nullable(),
    quiz_id: Id.nullable(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (b.type === "question" && !b.question_role) issue("question_role", "Required for a question block");
    if (b.type !== "question" && (b.question_id !== null || b.question_role !== null)) {
      issue("question_id", "Only a question block names a question");
    }
    if (b.type !== "quiz" && b.quiz_id !== null) issue("quiz_id", "Only a quiz block names a quiz");
  });

const ArchiveLesson = z.object({
  id: Id,
  title: Title,
  position: z.number().int().optional(),
  published_at: IsoTime.nullable(),
  blocks: z.array(ArchiveBlock),
});

const ArchiveModule = z.object({ id: Id, title: Title, position: z.number().int().optional(), lessons: z.array(ArchiveLesson) });

const ArchiveQuestion = z
  .object({
    id: Id,
    category_id: Id,
    question_family_id: Id.nullable(),
    prompt: z.string().trim().min(1).max(MAX_PROMPT_CHARS),
    question_type: QuestionTypeEnum,
    difficulty: z.number().int().min(1).max(5),
    options: z.array(OptionInput.extend({ id: Id, sort_order: z.number().int() })).max(50),
  })
  .superRefine((q, ctx) => {
    const problem = optionRuleIssues(q.question_type, q.options);
    if (problem) ctx.addIssue({ code: "custom", path: ["options"], message: problem });
  });

const ArchiveAsset = z.object({
  uuid: Id,
  path: z.string().regex(/^assets\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/, "Must be assets/<uuid>.<ext>"),
  mime_type: z.string(),
});

export const ArchiveCourseJson = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.literal(ARCHIVE_FORMAT_VERSION),
  exported_at: IsoTime,
  course: z.object({
    id: Id,
    title: Title,
    description: Description,
    sources: z.array(CourseSource).max(20),
    published_at: IsoTime.nullable(),
  }),
  modules: z.array(ArchiveModule),
  questions: z.array(ArchiveQuestion),
  // pass_percentage since 7 December: archives written before it take the default (70).
  quizzes: z.array(
    z.object({ id: Id, title: Title, pass_percentage: z.number().int().min(0).max(100).optional(), question_ids: z.array(Id) }),
  ),
  categories: z.array(z.object({ id: Id, name: Title })),
  families: z.array(z.object({ id: Id, name: Title, description: Description })),
  assets: z.array(ArchiveAsset),
});

export type ArchiveCourse = z.infer<typeof ArchiveCourseJson>;
export type ArchiveAssetEntry = z.infer<typeof ArchiveAsset>;
