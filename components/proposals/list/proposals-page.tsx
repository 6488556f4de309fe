"use client";

import { CompanyGate } from "../company-gate";
import { ProposalList } from "./proposal-list";

export function ProposalsPage() {
  return <CompanyGate>{(company) => <ProposalList key={company.id} company={company} />}</CompanyGate>;
}
