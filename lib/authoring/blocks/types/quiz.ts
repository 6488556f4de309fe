import { defineBlockType } from "./define";

/** A quiz of the project, played (and, for learners, recorded) in the lesson. */
export const quizBlock = defineBlockType({
  type: "quiz",
  label: "Quiz",
  description: "A quiz from this project",
  icon: "✓",
  reference: "quiz",
});
