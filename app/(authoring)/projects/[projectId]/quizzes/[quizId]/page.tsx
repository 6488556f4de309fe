import { QuizEditor } from "@/components/quizzes/quiz-editor";

export const metadata = { title: "Quiz" };

export default async function QuizPage({ params }: { params: Promise<{ projectId: string; quizId: string }> }) {
  const { projectId, quizId } = await params;
  return <QuizEditor projectId={projectId} quizId={quizId} />;
}
