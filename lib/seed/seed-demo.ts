import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { createUser } from "@/lib/accounts/create-user";
import { createTeamWorkspace, setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";
import { createCompany, createRfp } from "@/lib/proposals/companies/manage-companies";
import { createContact } from "@/lib/proposals/contacts/manage-contacts";

/**
 * A demo account to look around with. Each run makes a fresh one (a new email), so it never
 * clashes with earlier runs. Courses, questions and proposals join as their services land.
 */
export async function seedDemo(db: Db) {
  const suffix = randomBytes(3).toString("hex");
  const password = `demo-${randomBytes(6).toString("base64url")}`;
  const email = `demo-${suffix}@example.com`;
  const { user, workspace: personal } = await createUser(db, { email, password, name: "Demo Author" });
  const learner = await createUser(db, {
    email: `learner-${suffix}@example.com`,
    password,
    name: "Demo Learner",
  });
  const team = await createTeamWorkspace(db, { name: "Demo Academy", ownerUserId: user.id });
  await setWorkspaceMember(db, { workspaceId: team.id, userId: learner.user.id, role: "learner" });
  const company = await createCompany(db, { name: "Demo Consulting", ownerUserId: user.id, currency: "EUR" });
  const contact = await createContact(db, {
    companyId: company.id,
    firstName: "Robin",
    lastName: "Client",
    email: `robin-${suffix}@example.com`,
    companyName: "Client Corp",
  });
  const rfp = await createRfp(db, { companyId: company.id, title: "Onboarding programme" });
  return {
    email,
    password,
    learner_email: learner.user.email,
    personal_workspace_id: personal.id,
    team_workspace_id: team.id,
    company_id: company.id,
    contact_id: contact.id,
    rfp_id: rfp.id,
  };
}
