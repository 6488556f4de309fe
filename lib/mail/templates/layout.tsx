import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { MailContent } from "../content";

export const PRODUCT_NAME = "Coursewright";

const page = {
  backgroundColor: "#f4f4f5",
  fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "24px 0",
};
const card = { backgroundColor: "#ffffff", borderRadius: "8px", margin: "0 auto", maxWidth: "560px", padding: "32px" };
const brand = {
  color: "#4338ca",
  fontSize: "14px",
  fontWeight: 700,
  letterSpacing: "0.04em",
  margin: "0 0 16px",
  textTransform: "uppercase" as const,
};
const heading = { color: "#18181b", fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" };
const paragraph = { color: "#27272a", fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" };
const quote = {
  ...paragraph,
  borderLeft: "3px solid #c7d2fe",
  color: "#3f3f46",
  padding: "4px 0 4px 12px",
  whiteSpace: "pre-wrap" as const,
};
const button = {
  backgroundColor: "#4338ca",
  borderRadius: "6px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "15px",
  fontWeight: 600,
  padding: "12px 20px",
  textDecoration: "none",
};
const small = { color: "#71717a", fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" };

/** Typed text with its line breaks as <br>: the HTML shows them, and so does the text part made from it. */
const asLines = (text: string) => text.split(/\r\n?|\n/).flatMap((line, i) => (i ? [<br key={i} />, line] : [line]));

/**
 * The one layout every mail shares: the product's name, a heading, the message, one clear action
 * button with its link also written out (for clients that show no buttons), and why the person got
 * the mail. Rendered twice by render.ts: as HTML and as plain text.
 */
export function MailLayout({ content }: { content: MailContent }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview ?? content.heading}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>{PRODUCT_NAME}</Text>
          <Heading as="h1" style={heading}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((text, i) => (
            <Text key={i} style={paragraph}>
              {text}
            </Text>
          ))}
          {content.quote ? <Text style={quote}>{asLines(content.quote)}</Text> : null}
          {content.action ? (
            <Section style={{ margin: "24px 0" }}>
              <Button href={content.action.url} style={button}>
                {content.action.label}
              </Button>
              <Text style={{ ...small, marginTop: "16px" }}>
                Or open this link: <Link href={content.action.url}>{content.action.url}</Link>
              </Text>
            </Section>
          ) : null}
          {content.after?.map((text, i) => (
            <Text key={i} style={paragraph}>
              {text}
            </Text>
          ))}
          <Hr style={{ borderColor: "#e4e4e7", margin: "24px 0 16px" }} />
          <Text style={small}>{content.reason}</Text>
          {content.unsubscribe ? (
            <Text style={small}>
              Don&apos;t want these mails? <Link href={content.unsubscribe}>Unsubscribe</Link> ({content.unsubscribe})
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
