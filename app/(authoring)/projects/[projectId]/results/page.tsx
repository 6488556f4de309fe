import { ResultsPanel } from "@/components/results/results-panel";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Results" };

export default async function ResultsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await uuidParams(params);
  return <ResultsPanel projectId={projectId} />;
}
