import { render } from "@react-email/render";
import { createElement } from "react";
import type { MailContent } from "./content";
import { MailLayout } from "./templates/layout";

export type RenderedMail = { subject: string; text: string; html: string };

/** A header value on one line: a CR or LF in a name or subject must never start another header. */
export function oneLine(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
}

/** One template, two parts: the HTML and the plain text are rendered from the same layout. */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const element = createElement(MailLayout, { content });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: oneLine(content.subject).slice(0, 250), html, text };
}
