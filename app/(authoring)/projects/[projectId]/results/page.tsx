import { ResultsPanel } from "@/components/results/results-panel";

export const metadata = { title: "Results" };

export default async function ResultsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ResultsPanel projectId={projectId} />;
}
