import { Suspense } from "react";
import { QuestionBank } from "@/components/bank/question-bank";
import { QuestionListSkeleton } from "@/components/bank/question-list";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Question bank" };

export default async function QuestionBankPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await uuidParams(params);
  return (
    // The bank reads its filters from the URL on the client.
    <Suspense fallback={<QuestionListSkeleton />}>
      <QuestionBank projectId={projectId} />
    </Suspense>
  );
}
