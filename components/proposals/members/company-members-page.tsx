"use client";

import { CompanyGate } from "../company-gate";
import { CompanyMembersPanel } from "./company-members-panel";

/** /proposals/members: the selected company's members (a user of none is offered to create one). */
export function CompanyMembersPage({ userId }: { userId: string }) {
  return <CompanyGate>{(company) => <CompanyMembersPanel key={company.id} company={company} userId={userId} />}</CompanyGate>;
}
