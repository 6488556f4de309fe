/**
 * What one mail says, before it is rendered (lib/mail/render.ts). A template (lib/mail/templates/)
 * is a function from its facts to this; the layout gives every mail the same parts.
 */
export type MailContent = {
  subject: string;
  /** The line a mail client shows after the subject; the heading when unset. */
  preview?: string;
  heading: string;
  paragraphs: string[];
  /** A message a person typed (a proposal's personal note), set apart and kept as typed. */
  quote?: string;
  /** The one thing the mail asks the reader to do. Its link is also written out. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (how long a link stays valid, what to do if it was not you). */
  after?: string[];
  /** Why this person got this mail. */
  reason: string;
  /** A notification's one-click unsubscribe link (also sent as List-Unsubscribe). */
  unsubscribe?: string;
};
