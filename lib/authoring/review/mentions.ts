import type { Tx } from "@/lib/db/client";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { commentMentionMail } from "@/lib/mail/templates/comment-mention";
import { optedOut } from "@/lib/notifications/settings";
import { unsubscribeLink } from "@/lib/notifications/unsubscribe-token";

/** The lesson editor, opened at a thread: what a mention's mail links to. */
export const threadPath = (projectId: string, lessonId: string, threadId: string) =>
  `/projects/${projectId}/lessons/${lessonId}?thread=${threadId}`;

/**
 * Mails each mentioned member once per comment or reply (`key`: the outbox keeps one mail per key,
 * whatever retries happen), through the outbox in the comment's transaction, unless they turned
 * mentions off or their address is unverified.
 */
export async function mailMentions(
  tx: Tx,
  members: { id: string; email: string }[],
  facts: { thread: { id: string; lesson_id: string }; by: string; text: string; key: string },
) {
  if (!members.length) return;
  const off = await optedOut(
    tx,
    members.map((m) => m.id),
    "comment_mention",
  );
  const lesson = await tx.lesson.findUniqueOrThrow({
    where: { id: facts.thread.lesson_id },
    select: { title: true, module: { select: { course: { select: { title: true, projectId: true } } } } },
  });
  const verified = await tx.user.findMany({
    where: { id: { in: members.map((m) => m.id) }, emailVerifiedAt: { not: null } },
    select: { id: true },
  });
  const isVerified = new Set(verified.map((u) => u.id));
  for (const member of members) {
    if (off.has(member.id) || !isVerified.has(member.id) || !isMailAddress(member.email)) continue;
    await enqueueMail(tx, {
      kind: "comment_mention",
      to: member.email,
      dedupeKey: `mention:${facts.key}:${member.id}`,
      content: commentMentionMail({
        by: facts.by,
        courseTitle: lesson.module.course.title,
        lessonTitle: lesson.title,
        text: facts.text,
        to: member.email,
        threadUrl: appLink(threadPath(lesson.module.course.projectId, facts.thread.lesson_id, facts.thread.id)),
        unsubscribeUrl: unsubscribeLink(member.id, "comment_mention"),
      }),
    });
  }
}
