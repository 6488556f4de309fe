import { MembersPanel } from "@/components/workspaces/members-panel";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Members" };

export default async function MembersPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await uuidParams(params);
  return <MembersPanel workspaceId={workspaceId} />;
}
