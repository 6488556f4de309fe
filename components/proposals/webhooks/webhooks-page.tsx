"use client";

import { CompanyGate } from "../company-gate";
import { WebhooksPanel } from "./webhooks-panel";

/** /proposals/webhooks: the selected company's webhook endpoints (a user of none is offered to create one). */
export function WebhooksPage({ userId }: { userId: string }) {
  return <CompanyGate>{(company) => <WebhooksPanel key={company.id} company={company} userId={userId} />}</CompanyGate>;
}
