import { defineBlockType } from "./define";

/** A question of the project's bank, practised in the lesson; its role says how (QUESTION_ROLE_LABELS). */
export const questionBlock = defineBlockType({
  type: "question",
  label: "Question",
  description: "A question from the bank, to practise",
  icon: "?",
  reference: "question",
});
