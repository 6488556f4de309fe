import type { Caller } from "@/lib/api/authenticate";
import { parseDiagram } from "@/lib/authoring/blocks/types/diagram";
import { videoProblem } from "@/lib/authoring/blocks/types/video";
import type { Tx } from "@/lib/db/client";
import { getCourseOrThrow } from "../load";
import { childrenVisibleTo } from "../visibility";
import type { PublishChecksDto, PublishProblemDto } from "./schemas";

/**
 * What a learner would meet that the author probably did not mean, in every undeleted lesson of a
 * course (publishing a course publishes all its draft lessons): lessons without blocks, videos
 * that cannot play, question and quiz blocks whose question or quiz is in the trash, quizzes
 * without questions. Publishing stays possible: these are warnings. Block content is read through
 * the renderers' own parsers (lib/authoring/blocks/block-content.ts), so a check and what a learner sees
 * cannot disagree. Mermaid diagrams are handed back for the browser to parse.
 */
export async function getPublishChecks(tx: Tx, caller: Caller, courseId: string): Promise<PublishChecksDto> {
  const { access } = await getCourseOrThrow({ tx, caller, courseId, action: "content.publish" });
  const visible = childrenVisibleTo(access);
  const modules = await tx.module.findMany({
    where: { courseId, ...visible.module },
    orderBy: { position: "asc" },
    include: {
      lessons: {
        where: visible.lesson,
        orderBy: { position: "asc" },
        include: {
          blocks: {
            where: visible.block,
            orderBy: { position: "asc" },
            include: {
              question: { select: { deletedAt: true } },
              quiz: {
                select: {
                  id: true,
                  title: true,
                  deletedAt: true,
                  _count: { select: { questions: { where: { question: { deletedAt: null } } } } },
                },
              },
            },
          },
        },
      },
    },
  });

  const problems: PublishProblemDto[] = [];
  const diagrams: PublishChecksDto["diagrams"] = [];
  for (const lesson of modules.flatMap((m) => m.lessons)) {
    const about = { lesson_id: lesson.id, lesson_title: lesson.title };
    const problem = (
      code: PublishProblemDto["code"],
      message: string,
      block: { id: string; position: number } | null,
      quizId: string | null = null,
    ) => problems.push({ code, message, ...about, block_id: block?.id ?? null, block_position: block?.position ?? null, quiz_id: quizId });
    if (lesson.blocks.length === 0) problem("lesson_without_blocks", "This lesson has no blocks: learners would open an empty page.", null);
    for (const block of lesson.blocks) {
      const place = `Block ${block.position + 1}`;
      if (block.type === "video") {
        const why = videoProblem(block.content);
        if (why) problem("invalid_video", `${place} (video): ${why}`, block);
      } else if (block.type === "diagram") {
        const diagram = parseDiagram(block.content);
        if (diagram?.source.code.trim())
          diagrams.push({ ...about, block_id: block.id, block_position: block.position, code: diagram.source.code });
      } else if (block.type === "question" && (!block.question || block.question.deletedAt)) {
        problem("question_in_trash", `${place} (question): its question is in the trash, so learners see nothing there.`, block);
      } else if (block.type === "quiz") {
        if (!block.quiz || block.quiz.deletedAt) {
          problem("quiz_in_trash", `${place} (quiz): its quiz is in the trash, so learners see nothing there.`, block);
        } else if (block.quiz._count.questions === 0) {
          problem("quiz_without_questions", `${place} (quiz): the quiz “${block.quiz.title}” has no questions.`, block, block.quiz.id);
        }
      }
    }
  }
  return { course_id: courseId, problems, diagrams };
}
