/**
 * A body each course-authoring write would accept from someone allowed to make it, built around a
 * question of the project: tests that call every endpoint (another user's key, a learner's) send
 * these, so a refusal comes from who asks, not from the body.
 */
export function authoringSampleBodies(ids: {
  workspaceId: string;
  courseId: string;
  categoryId: string;
  question: { id: string; options: { id: string }[] };
}) {
  const { question } = ids;
  const newQuestion = {
    category_id: ids.categoryId,
    prompt: "Sample: is the sky blue?",
    question_type: "true_false",
    difficulty: 2,
    options: [
      { label: "True", is_correct: true },
      { label: "False", is_correct: false },
    ],
  };
  const reviewer = { name: "Sample Reviewer", email: "reviewer@example.test" };
  return {
    create_project: { name: "Sample project", workspace_id: ids.workspaceId },
    update_project: { name: "Taken over" },
    create_course: { title: "Sample course" },
    update_course: { title: "Taken over", position: 5 },
    create_module: { title: "Sample module" },
    update_module: { title: "Taken over" },
    create_lesson: { title: "Sample lesson" },
    update_lesson: { title: "Taken over" },
    create_block: { type: "text", content: { body: "Sample" } },
    update_block: { content: { body: "Taken over" } },
    create_quiz: { title: "Sample quiz", question_ids: [question.id] },
    update_quiz: { title: "Taken over" },
    submit_quiz: { answers: [{ question_id: question.id, selected_option_ids: [question.options[0].id] }] },
    create_category: { name: "Sample category" },
    update_category: { name: "Taken over" },
    create_question_family: { name: "Sample family" },
    update_question_family: { description: "Taken over" },
    create_question: newQuestion,
    update_question: { prompt: "Taken over" },
    restore_trash_item: { kind: "course", id: ids.courseId },
    create_api_key: { name: "Sample key" },
    export_course: { format: "archive" },
    // Reviewing (issue 41): the block named is a text block; accepting forces, so an earlier edit of the block is no conflict.
    add_comment: { body: "Sample remark" },
    reply_to_comment: { body: "Sample reply" },
    update_comment: { status: "resolved" },
    suggest_block_change: { content: { body: "Sample suggestion" } },
    accept_suggestion: { force: true },
    create_review_link: { allow_suggestions: true },
    add_review_comment: { ...reviewer, body: "Sample remark" },
    reply_review_comment: { ...reviewer, body: "Sample reply" },
    suggest_review_change: { ...reviewer, content: { body: "Sample suggestion" } },
  } as Record<string, unknown>;
}
