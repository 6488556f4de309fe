import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Description, Title } from "@/lib/authoring/common-schemas";
import { Course } from "../courses/schemas";
import { Lesson } from "../lessons/schemas";
import { Module } from "../modules/schemas";
import { WorkspaceRef } from "../workspaces/schemas";

export const Project = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    courses: z.array(Course).nullable().describe("Filled only in the full-hierarchy read"),
    created_at: DateTime,
    updated_at: DateTime,
    workspace: WorkspaceRef,
  })
  .meta({ id: "Project" });

/** The course tree without block content: what a tree view or an agent needs to find its way. */
const LessonOutline = Lesson.extend({
  blocks: z.null().describe("Always null here: read the lesson's blocks with list_blocks"),
  block_count: z.number().int().describe("Blocks in the lesson, trashed ones not counted"),
}).meta({ id: "LessonOutline" });

const ModuleOutline = Module.extend({ lessons: z.array(LessonOutline) }).meta({ id: "ModuleOutline" });

export const CourseOutline = Course.extend({ modules: z.array(ModuleOutline) }).meta({ id: "CourseOutline" });

export const ProjectOutline = Project.extend({ courses: z.array(CourseOutline) }).meta({ id: "ProjectOutline" });

export const ProjectList = z.object({ projects: z.array(Project) });

export const ProjectCreate = z
  .object({ name: Title, description: Description.optional(), workspace_id: z.uuid().optional() })
  .meta({ id: "ProjectCreate" });

export const ProjectUpdate = atLeastOne(z.object({ name: Title.optional(), description: Description.optional() }), [
  "name",
  "description",
]).meta({ id: "ProjectUpdate" });

export const DeletedProject = z
  .object({
    id: z.uuid(),
    name: z.string(),
    workspace: WorkspaceRef,
    deleted_at: DateTime,
    deleted_by_name: z.string().nullable(),
  })
  .meta({ id: "DeletedProject" });

export const DeletedProjectList = z.object({ projects: z.array(DeletedProject) });

export const ProjectParams = z.object({ projectId: z.uuid() });
