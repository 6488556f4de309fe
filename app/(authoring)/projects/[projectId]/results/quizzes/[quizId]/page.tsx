import { ItemAnalysis } from "@/components/results/item-analysis";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Item analysis" };

export default async function ItemAnalysisPage({ params }: { params: Promise<{ projectId: string; quizId: string }> }) {
  const { projectId, quizId } = await uuidParams(params);
  return <ItemAnalysis projectId={projectId} quizId={quizId} />;
}
