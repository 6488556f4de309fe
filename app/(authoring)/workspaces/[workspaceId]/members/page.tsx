import { MembersPanel } from "@/components/workspaces/members-panel";

export const metadata = { title: "Members" };

export default async function MembersPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  return <MembersPanel workspaceId={workspaceId} />;
}
