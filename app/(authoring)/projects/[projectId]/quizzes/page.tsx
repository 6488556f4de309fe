import { QuizList } from "@/components/quizzes/quiz-list";

export const metadata = { title: "Quizzes" };

export default async function QuizzesPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <QuizList projectId={projectId} />;
}
