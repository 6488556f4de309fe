import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { validationError } from "@/lib/api/errors";
import { roleIn } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";
import { write } from "@/lib/db/transaction";
import { loadCompanyFor } from "../access";
import { sellableCourses } from "../content/content-course";
import { CompanyParams } from "../members/schemas";

/*
 * The authoring workspace whose courses a company sells (issue 43, docs/decisions/067). It ties the
 * two halves of the app: a content item may then deliver one of that workspace's courses, and an
 * accepted proposal becomes seats in it. Only someone who answers for both sides sets it: an owner
 * of the company who is an admin of the workspace. Any member reads it.
 */

const tag = "Companies";

const CompanyWorkspace = z
  .object({
    company_id: z.number().int(),
    workspace: z.object({ id: z.uuid(), name: z.string() }).nullable().describe("null: the company sells no courses"),
    can_manage: z.boolean().describe("Whether you are an owner of the company, who sets it (an admin of the workspace too)"),
  })
  .meta({ id: "CompanyWorkspace" });
const CompanyWorkspaceData = z.object({ data: CompanyWorkspace });

const CompanyWorkspaceBody = z
  .strictObject({
    workspace_id: z.uuid().nullable().describe("A workspace you are an admin of; null unties the company"),
  })
  .meta({ id: "CompanyWorkspaceSet" });

async function workspaceOf(tx: Tx, workspaceId: string | null) {
  if (!workspaceId) return null;
  return tx.workspace.findUnique({ where: { id: workspaceId }, select: { id: true, name: true } });
}

export const getCompanyWorkspaceEndpoint = defineEndpoint({
  operationId: "get_company_workspace",
  method: "GET",
  path: "/v3/companies/{companyId}/workspace",
  tag,
  summary: "Read the workspace whose courses the company sells",
  description:
    "Returns {data: {company_id, workspace: {id, name} or null, can_manage}}. Content items of the company may deliver courses of " +
    "this workspace. Any member reads it; can_manage says whether you are an owner, who sets it.",
  params: CompanyParams,
  load: loadCompanyFor(),
  response: CompanyWorkspaceData,
  status: 200,
  run: async ({ db, loaded }) => ({
    data: {
      company_id: loaded.company.id,
      workspace: await workspaceOf(db, loaded.company.workspaceId),
      can_manage: loaded.role === "owner",
    },
  }),
});

export const listSellableCoursesEndpoint = defineEndpoint({
  operationId: "list_sellable_courses",
  method: "GET",
  path: "/v3/companies/{companyId}/courses",
  tag,
  summary: "List the courses you may link the company's content items to",
  description:
    "Returns {data: [{id, title, project}]}: the published courses, not in the trash, of the workspace the company sells, when you " +
    "may author there (an admin or author); empty otherwise, and when the company sells no workspace's courses. Use an id as " +
    "course_id in PATCH /v3/content/{productId}. Any member of the company may ask.",
  params: CompanyParams,
  load: loadCompanyFor(),
  response: z.object({ data: z.array(z.object({ id: z.uuid(), title: z.string(), project: z.string() })) }),
  status: 200,
  run: async ({ db, caller, loaded }) => ({ data: await sellableCourses(db, caller, loaded.company.workspaceId) }),
});

export const setCompanyWorkspaceEndpoint = defineEndpoint({
  operationId: "set_company_workspace",
  method: "PUT",
  path: "/v3/companies/{companyId}/workspace",
  tag,
  summary: "Choose the workspace whose courses the company sells",
  description:
    "Body {workspace_id}: a workspace you are an admin of, or null to untie the company. Returns {data: the link}. Owners of the company " +
    "only (a member gets 403 OWNER_REQUIRED); a workspace you are not an admin of, or that does not exist, is 400 naming workspace_id.",
  params: CompanyParams,
  load: loadCompanyFor("workspace.link"),
  body: CompanyWorkspaceBody,
  response: CompanyWorkspaceData,
  status: 200,
  errors: ["owner_required"],
  run: (ctx) =>
    write(
      ctx,
      async (tx) => {
        const workspaceId = ctx.body.workspace_id;
        if (workspaceId !== null) {
          if ((await roleIn(tx, ctx.caller, workspaceId)) !== "admin") {
            throw validationError([{ path: "workspace_id", message: "Not a workspace you are an admin of" }]);
          }
        }
        const company = await tx.company.update({ where: { id: ctx.params.companyId }, data: { workspaceId } });
        return { data: { company_id: company.id, workspace: await workspaceOf(tx, company.workspaceId), can_manage: true } };
      },
      { target: () => String(ctx.params.companyId) },
    ),
});
