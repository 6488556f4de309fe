import { mcpHandler } from "@/lib/mcp/server";
import { toolSet, type ToolSet } from "@/lib/mcp/tools";
import { authoringEndpoints, NOT_AGENT_TOOLS } from "./endpoints";
import { authoringService } from "./service";

let tools: ToolSet | undefined;

/** The course-authoring agent tools: every endpoint except publishing (the service keeps that for people). */
export const authoringTools = () =>
  (tools ??= toolSet(authoringService, authoringEndpoints, {
    exclude: NOT_AGENT_TOOLS,
    deleteHint: "Nothing is erased: restore it with restore_trash_item (or restore_project for a project).",
  }));

const INSTRUCTIONS =
  "Course authoring: workspaces > projects > courses > modules > lessons > content blocks, plus a question bank " +
  "(categories, question families, questions) and quizzes. Start with list_workspaces and list_projects; get_project " +
  "returns a whole project tree. Write tools accept dry_run: true to preview. Deleted items go to the trash " +
  "(list_trash, restore_trash_item). Publishing is done by people in the app, not through these tools. To propose a change " +
  "for a person to accept instead of writing it, use suggest_block_change (a key made for suggesting may only do that, " +
  "comment and read); add_comment and reply_to_comment discuss a block, list_comments and list_suggestions show the review.";

/** POST /api/authoring/mcp */
export const handleAuthoringMcp = mcpHandler(
  { name: "coursewright-authoring", title: "Coursewright course authoring", instructions: INSTRUCTIONS },
  authoringTools,
);
