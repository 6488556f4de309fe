import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Description, Title } from "@/lib/authoring/common-schemas";
import { QuestionDetail } from "../questions/schemas";

export const QuestionFamily = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    name: z.string(),
    description: z.string(),
    question_count: z.number().int(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "QuestionFamily" });

export const QuestionFamilyDetail = QuestionFamily.extend({ questions: z.array(QuestionDetail) }).meta({
  id: "QuestionFamilyDetail",
});

export const QuestionFamilyCreate = z.object({ name: Title, description: Description.optional() }).meta({ id: "QuestionFamilyCreate" });

export const QuestionFamilyUpdate = atLeastOne(z.object({ name: Title.optional(), description: Description.optional() }), [
  "name",
  "description",
]).meta({ id: "QuestionFamilyUpdate" });

export const QuestionFamilyParams = z.object({ familyId: z.uuid() });
