import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { write } from "@/lib/db/transaction";
import { companyTarget, inviteToCompany, listCompanyInvitations, resendCompanyInvitation, revokeCompanyInvitation } from "./invitations";
import { addMemberByEmail, listCompanyMembers, removeCompanyMember, updateMemberRole } from "./members";
import {
  AddCompanyMemberBody,
  CompanyInvitationList,
  CompanyInvitationParams,
  CompanyInvitationResult,
  CompanyMemberParams,
  CompanyMemberResult,
  CompanyMembers,
  CompanyParams,
  InviteToCompanyBody,
  UpdateCompanyMemberBody,
} from "./schemas";

const tag = "Members";

/** The company, before the body is read: 404 to a non-member, then (`toManage`) 401 to a member who is not an owner, then 400. */
const loadCompany =
  (toManage: boolean) =>
  ({ db, caller, params }: LoadContext<{ companyId: number }>) =>
    companyTarget(db, caller, params.companyId, toManage);

const OWNERS = "Owners only (a member who is not an owner gets 401, as every refusal of this service).";

export const listCompanyMembersEndpoint = defineEndpoint({
  operationId: "list_company_members",
  method: "GET",
  path: "/v3/companies/{companyId}/members",
  tag,
  summary: "List a company's members and open invitations",
  description:
    "Returns {data: {members, invitations}}: the active members with their roles (owner: manages members; member: builds and sends " +
    "proposals), and the invitations nobody has accepted or withdrawn. Any member reads them.",
  params: CompanyParams,
  load: loadCompany(false),
  response: CompanyMembers,
  status: 200,
  run: async ({ db, caller, params }) => ({
    data: {
      members: await listCompanyMembers(db, params.companyId),
      invitations: await listCompanyInvitations(db, caller, params.companyId),
    },
  }),
});

export const addCompanyMemberEndpoint = defineEndpoint({
  operationId: "add_company_member",
  method: "POST",
  path: "/v3/companies/{companyId}/members",
  tag,
  summary: "Add an existing user to a company",
  description: `Returns {data: the member}. The email must belong to an account (else 400: invite the address instead) that is not a member yet. ${OWNERS}`,
  params: CompanyParams,
  load: loadCompany(true),
  body: AddCompanyMemberBody,
  response: CompanyMemberResult,
  status: 201,
  errors: ["forbidden"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await addMemberByEmail(tx, ctx.caller, ctx.params.companyId, ctx.body) }), {
      target: (r) => r.data.user_id,
    }),
});

export const updateCompanyMemberEndpoint = defineEndpoint({
  operationId: "update_company_member",
  method: "PATCH",
  path: "/v3/companies/{companyId}/members/{userId}",
  tag,
  summary: "Change a member's role",
  description: `Returns {data: the member}. The last owner cannot stop being one (400): make someone else owner first. ${OWNERS}`,
  params: CompanyMemberParams,
  load: loadCompany(true),
  body: UpdateCompanyMemberBody,
  response: CompanyMemberResult,
  status: 200,
  errors: ["forbidden", "conflict"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await updateMemberRole(tx, ctx.caller, ctx.params, ctx.body.role) }), {
      target: (r) => r.data.user_id,
    }),
});

export const removeCompanyMemberEndpoint = defineEndpoint({
  operationId: "remove_company_member",
  method: "DELETE",
  path: "/v3/companies/{companyId}/members/{userId}",
  tag,
  summary: "Remove a member from a company",
  description:
    "Returns {data: the member as they were}. Owners remove anyone; a member may remove themself (leave). The last owner cannot be " +
    "removed (400): make someone else owner first. Proposals they made stay with the company.",
  params: CompanyMemberParams,
  load: loadCompany(false),
  response: CompanyMemberResult,
  status: 200,
  errors: ["forbidden", "conflict"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await removeCompanyMember(tx, ctx.caller, ctx.params) }), { target: (r) => r.data.user_id }),
});

export const inviteToCompanyEndpoint = defineEndpoint({
  operationId: "invite_to_company",
  method: "POST",
  path: "/v3/companies/{companyId}/invitations",
  tag,
  summary: "Invite people by email to a company",
  description:
    "Returns {data: the invitations}, one per address. Mails each address a link valid for 7 days; whoever opens it signs in or signs up " +
    "with that address and joins with the role. An address already invited gets a new link instead of a second invitation; an address " +
    `of a member refuses the whole request (400, naming it). Needs a verified email. ${OWNERS}`,
  params: CompanyParams,
  load: loadCompany(true),
  body: InviteToCompanyBody,
  response: CompanyInvitationList,
  status: 201,
  errors: ["forbidden", "email_not_verified"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await inviteToCompany(tx, ctx.caller, ctx.params.companyId, ctx.body) }), {
      target: () => ctx.params.companyId,
    }),
});

export const resendCompanyInvitationEndpoint = defineEndpoint({
  operationId: "resend_company_invitation",
  method: "POST",
  path: "/v3/companies/{companyId}/invitations/{invitationId}/resend",
  tag,
  summary: "Send an invitation again",
  description: `Returns {data: the invitation}. A new link, valid 7 days from now, in a new mail; the old link stops working. ${OWNERS}`,
  params: CompanyInvitationParams,
  load: loadCompany(true),
  response: CompanyInvitationResult,
  status: 200,
  errors: ["forbidden", "conflict", "email_not_verified"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await resendCompanyInvitation(tx, ctx.caller, ctx.params) }), { target: (r) => r.data.id }),
});

export const revokeCompanyInvitationEndpoint = defineEndpoint({
  operationId: "revoke_company_invitation",
  method: "DELETE",
  path: "/v3/companies/{companyId}/invitations/{invitationId}",
  tag,
  summary: "Withdraw an invitation",
  description: `Returns {data: the invitation}, now revoked: its link stops working at once. ${OWNERS}`,
  params: CompanyInvitationParams,
  load: loadCompany(true),
  response: CompanyInvitationResult,
  status: 200,
  errors: ["forbidden", "conflict"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await revokeCompanyInvitation(tx, ctx.caller, ctx.params) }), { target: (r) => r.data.id }),
});
