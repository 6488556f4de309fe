"use client";

import { CompanyGate } from "../company-gate";
import { ContentLibrary } from "./content-library";

export function LibraryPage() {
  return <CompanyGate>{(company) => <ContentLibrary key={company.id} company={company} />}</CompanyGate>;
}
