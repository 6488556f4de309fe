"use client";

import { ApprovalRulesSection } from "../approvals/approval-rules-section";
import { CompanyGate } from "../company-gate";
import { CompanyMembersPanel } from "./company-members-panel";
import { CourseWorkspaceSection } from "./course-workspace-section";

/** /proposals/members: the selected company's members and its approval rules (a user of none is offered to create one). */
export function CompanyMembersPage({ userId }: { userId: string }) {
  return (
    <CompanyGate>
      {(company) => (
        <div key={company.id} className="space-y-8">
          <CompanyMembersPanel company={company} userId={userId} />
          <ApprovalRulesSection company={company} />
          <CourseWorkspaceSection company={company} />
        </div>
      )}
    </CompanyGate>
  );
}
