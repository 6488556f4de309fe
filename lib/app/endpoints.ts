import { requestPasswordResetEndpoint, resendVerificationEndpoint, resetPasswordEndpoint, signUpEndpoint } from "@/lib/accounts/endpoints";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { itemHistoryEndpoint } from "@/lib/audit/history";
import { listLessonEditorsEndpoint } from "@/lib/audit/lesson-editors";
import { acceptInvitationEndpoint, acceptInvitationWithSignUpEndpoint } from "@/lib/invitations/endpoints";
import {
  checkAnswerEndpoint,
  completeLessonEndpoint,
  getLearnCourseEndpoint,
  getLearnLessonEndpoint,
  getLearnQuizEndpoint,
  listLearnCoursesEndpoint,
  previewQuizEndpoint,
  projectResultsEndpoint,
  uncompleteLessonEndpoint,
} from "@/lib/learn/endpoints";
import { getNotificationSettingsEndpoint, unsubscribeEndpoint, updateNotificationSettingsEndpoint } from "@/lib/notifications/endpoints";
import { updatePresenceEndpoint } from "@/lib/presence/presence";
import {
  acceptPublicProposalEndpoint,
  rejectPublicProposalEndpoint,
  savePublicProposalChoicesEndpoint,
  requestPublicProposalChangesEndpoint,
  getPublicProposalPdfEndpoint,
  verifyRecordEndpoint,
  recordPublicProposalEngagementEndpoint,
} from "@/lib/proposals/public/endpoints";
import {
  addMemberEndpoint,
  createWorkspaceEndpoint,
  inviteToWorkspaceEndpoint,
  listMembersEndpoint,
  listWorkspaceInvitationsEndpoint,
  removeMemberEndpoint,
  resendWorkspaceInvitationEndpoint,
  revokeWorkspaceInvitationEndpoint,
  updateMemberEndpoint,
} from "@/lib/workspaces/members";
import { buyerEndpoints } from "./buyer";

/**
 * Every endpoint of the app's own service (./service.ts), under /api: the route files bind these,
 * and the tests that must cover every endpoint iterate them (test/services.ts). Not JSON endpoints,
 * and so not here: next-auth (/api/auth), the health check, hosted files (/api/files), the
 * presence event stream (/api/presence/stream) and the benchmark's floors (/api/bench, in its build only).
 */
export const appEndpoints: AnyEndpoint[] = [
  signUpEndpoint,
  requestPasswordResetEndpoint,
  resetPasswordEndpoint,
  resendVerificationEndpoint,
  createWorkspaceEndpoint,
  listMembersEndpoint,
  addMemberEndpoint,
  updateMemberEndpoint,
  removeMemberEndpoint,
  listWorkspaceInvitationsEndpoint,
  inviteToWorkspaceEndpoint,
  resendWorkspaceInvitationEndpoint,
  revokeWorkspaceInvitationEndpoint,
  acceptInvitationEndpoint,
  acceptInvitationWithSignUpEndpoint,
  listLearnCoursesEndpoint,
  getLearnCourseEndpoint,
  getLearnLessonEndpoint,
  completeLessonEndpoint,
  uncompleteLessonEndpoint,
  getLearnQuizEndpoint,
  previewQuizEndpoint,
  checkAnswerEndpoint,
  projectResultsEndpoint,
  itemHistoryEndpoint,
  listLessonEditorsEndpoint,
  savePublicProposalChoicesEndpoint,
  acceptPublicProposalEndpoint,
  rejectPublicProposalEndpoint,
  requestPublicProposalChangesEndpoint,
  getPublicProposalPdfEndpoint,
  verifyRecordEndpoint,
  recordPublicProposalEngagementEndpoint,
  getNotificationSettingsEndpoint,
  updateNotificationSettingsEndpoint,
  unsubscribeEndpoint,
  updatePresenceEndpoint,
  // The buyer's seats and certificates: these alone are published, with agent tools (decision 071).
  ...buyerEndpoints,
];
