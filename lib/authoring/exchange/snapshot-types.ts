/**
 * A course as it leaves the app: what the archive writes as course.json and what a package renders.
 * Plain data in the API's field names, in position order; `loadCourseSnapshot` (./snapshot.ts) reads it.
 */

export type SnapshotOption = { id: string; label: string; sort_order: number; is_correct: boolean };

export type SnapshotQuestion = {
  id: string;
  category_id: string;
  question_family_id: string | null;
  prompt: string;
  question_type: "true_false" | "single_choice" | "multiple_choice";
  difficulty: number;
  options: SnapshotOption[];
};

export type SnapshotCategory = { id: string; name: string };
export type SnapshotFamily = { id: string; name: string; description: string };
/** A quiz with its questions in order (each one in `questions`). */
export type SnapshotQuiz = { id: string; title: string; pass_percentage: number; question_ids: string[] };

export type SnapshotBlock = {
  id: string;
  type: string;
  position: number;
  content: unknown;
  question_role: string | null;
  /** null when the block names no question, or its question is in the trash. */
  question_id: string | null;
  /** null when the block names no quiz, or its quiz is in the trash. */
  quiz_id: string | null;
};

export type SnapshotLesson = { id: string; title: string; position: number; published_at: string | null; blocks: SnapshotBlock[] };
export type SnapshotModule = { id: string; title: string; position: number; lessons: SnapshotLesson[] };

export type CourseSnapshot = {
  course: {
    id: string;
    project_id: string;
    title: string;
    description: string;
    sources: unknown;
    published_at: string | null;
  };
  modules: SnapshotModule[];
  /** The questions the blocks name, directly or through a quiz; each once. */
  questions: SnapshotQuestion[];
  quizzes: SnapshotQuiz[];
  categories: SnapshotCategory[];
  families: SnapshotFamily[];
};
