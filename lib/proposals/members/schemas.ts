import { z } from "zod";
import { emailSchema } from "@/lib/accounts/schemas";
import { NumericId, UnixTime } from "@/lib/api/schemas";
import { InvitationDelivery, InviteEmails } from "@/lib/invitations/schemas";
import { dataOf } from "../common-schemas";

export const CompanyRole = z.enum(["owner", "member"]).describe("owner: manages members; member: builds and sends proposals");

export const CompanyMember = z
  .object({
    user_id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: CompanyRole,
    joined_at: UnixTime,
  })
  .meta({ id: "CompanyMember" });
export type CompanyMemberDto = z.infer<typeof CompanyMember>;

export const CompanyInvitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: CompanyRole,
    status: z.enum(["pending", "expired", "accepted", "revoked"]).describe("expired: not used in time; resend it for 7 more days"),
    expires_at: UnixTime,
    invited_by: z.string().describe("The name of who sent it last"),
    delivery: InvitationDelivery,
  })
  .meta({ id: "CompanyInvitation" });
export type CompanyInvitationDto = z.infer<typeof CompanyInvitation>;

export const CompanyMembers = dataOf(
  z.object({
    members: z.array(CompanyMember).describe("Active members, owners first, then by name"),
    invitations: z.array(CompanyInvitation).describe("Invitations nobody has accepted or withdrawn, newest first"),
  }),
);
export const CompanyMemberResult = dataOf(CompanyMember);
export const CompanyInvitationResult = dataOf(CompanyInvitation);
export const CompanyInvitationList = dataOf(z.array(CompanyInvitation));

export const CompanyParams = z.object({ companyId: NumericId });
export const CompanyMemberParams = z.object({ companyId: NumericId, userId: z.uuid() });
export const CompanyInvitationParams = z.object({ companyId: NumericId, invitationId: z.uuid() });

export const AddCompanyMemberBody = z
  .strictObject({ email: emailSchema.describe("The address of an existing account"), role: CompanyRole })
  .meta({ id: "AddCompanyMember" });
export const UpdateCompanyMemberBody = z.strictObject({ role: CompanyRole }).meta({ id: "UpdateCompanyMember" });
export const InviteToCompanyBody = z.strictObject({ emails: InviteEmails, role: CompanyRole }).meta({ id: "InviteToCompany" });
