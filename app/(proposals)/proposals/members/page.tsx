import { CompanyMembersPage } from "@/components/proposals/members/company-members-page";
import { requireUser } from "@/lib/auth/require-user";

export const metadata = { title: "Members" };

// The proposals layout has sent a signed-out visitor to sign-in (and back here).
export default async function Page() {
  const user = await requireUser();
  return <CompanyMembersPage userId={user.id} />;
}
