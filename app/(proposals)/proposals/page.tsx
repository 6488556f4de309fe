import { ProposalsPage } from "@/components/proposals/list/proposals-page";
import { requireUser } from "@/components/proposals/require-user";

export const metadata = { title: "Proposals" };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireUser("/proposals", await searchParams);
  return <ProposalsPage />;
}
