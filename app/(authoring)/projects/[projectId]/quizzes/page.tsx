import { QuizList } from "@/components/quizzes/quiz-list";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Quizzes" };

export default async function QuizzesPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await uuidParams(params);
  return <QuizList projectId={projectId} />;
}
