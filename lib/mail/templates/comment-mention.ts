import type { MailContent } from "../content";

export type CommentMentionFacts = {
  /** Who mentioned them: a member's name, a reviewer's, or an agent's key name. */
  by: string;
  courseTitle: string;
  lessonTitle: string;
  /** The comment or reply that mentions them, as written. */
  text: string;
  to: string;
  /** The lesson editor, opened at the thread. */
  threadUrl: string;
  unsubscribeUrl: string;
};

const short = (title: string) => (title.length > 80 ? `${title.slice(0, 79)}…` : title);

/** The mail a workspace member gets when someone mentions them in a comment thread. */
export function commentMentionMail(facts: CommentMentionFacts): MailContent {
  const course = short(facts.courseTitle);
  return {
    subject: `${facts.by} mentioned you in "${course}"`,
    heading: `${facts.by} mentioned you`,
    paragraphs: [`${facts.by} mentioned you in a comment on the lesson "${short(facts.lessonTitle)}" of "${course}":`],
    quote: facts.text.length > 2000 ? `${facts.text.slice(0, 1999)}…` : facts.text,
    action: { label: "Open the thread", url: facts.threadUrl },
    reason: `You got this mail at ${facts.to} because you are a member of the workspace this course is in.`,
    unsubscribe: facts.unsubscribeUrl,
  };
}
