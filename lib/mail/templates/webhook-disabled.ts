import type { MailContent } from "../content";
import { PRODUCT_NAME } from "./layout";

export type WebhookDisabledFacts = {
  companyName: string;
  /** The endpoint's URL, as registered. */
  url: string;
  failures: number;
  /** The last attempt's error ("The endpoint answered 500"). */
  lastError: string | null;
  /** Where the company's webhooks are managed, on APP_URL. */
  link: string;
};

/** To a company's owners when an endpoint failed too often in a row and deliveries to it stopped. */
export function webhookDisabledMail({ companyName, url, failures, lastError, link }: WebhookDisabledFacts): MailContent {
  return {
    subject: `A webhook of ${companyName} was turned off`,
    heading: "A webhook endpoint was turned off",
    paragraphs: [
      `${PRODUCT_NAME} could not deliver events to ${url}: the last ${failures} attempts in a row failed, so the endpoint was turned off and nothing more is sent to it.`,
      ...(lastError ? [`The last attempt: ${lastError}.`] : []),
      "Once the endpoint answers again, turn it back on from the webhooks page (or with PATCH /v3/webhooks/{id} and enabled: true). Events that were waiting are then delivered, and any can be sent again from its delivery log.",
    ],
    action: { label: "See the company's webhooks", url: link },
    reason: `You got this mail because you are an owner of ${companyName} on ${PRODUCT_NAME}.`,
  };
}
