import type { Metadata } from "next";
import { ProposalEditor } from "@/components/proposals/editor/proposal-editor";
import { requireUser } from "@/components/proposals/require-user";

export const metadata: Metadata = { title: "Edit proposal" };

// The editor loads the proposal through the API, which answers 404 for a proposal of a company the
// user is not a member of.
export default async function ProposalEditorPage({ params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  await requireUser(`/proposals/${uuid}/edit`);
  return <ProposalEditor key={uuid} uuid={uuid} />;
}
