import { TrashPanel } from "@/components/trash/trash-panel";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Trash" };

export default async function TrashPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await uuidParams(params);
  return <TrashPanel projectId={projectId} />;
}
