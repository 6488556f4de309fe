import type { Metadata } from "next";
import { ProposalEditor } from "@/components/proposals/editor/proposal-editor";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata: Metadata = { title: "Edit proposal" };

// The editor loads the proposal through the API, which answers 404 for a proposal of a company the
// user is not a member of.
export default async function ProposalEditorPage({ params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await uuidParams(params);
  return <ProposalEditor key={uuid} uuid={uuid} />;
}
