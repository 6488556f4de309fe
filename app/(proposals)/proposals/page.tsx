import { ProposalsPage } from "@/components/proposals/list/proposals-page";

export const metadata = { title: "Proposals" };

// The proposals layout has sent a signed-out visitor to sign-in (and back here).
export default function Page() {
  return <ProposalsPage />;
}
