import { QuizEditor } from "@/components/quizzes/quiz-editor";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Quiz" };

export default async function QuizPage({ params }: { params: Promise<{ projectId: string; quizId: string }> }) {
  const { projectId, quizId } = await uuidParams(params);
  return <QuizEditor projectId={projectId} quizId={quizId} />;
}
