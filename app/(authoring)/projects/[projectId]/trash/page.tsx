import { TrashPanel } from "@/components/trash/trash-panel";

export const metadata = { title: "Trash" };

export default async function TrashPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <TrashPanel projectId={projectId} />;
}
