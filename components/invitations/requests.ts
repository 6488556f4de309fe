"use client";

import { appApi } from "@/lib/client/api";

/** Accepts an invitation as the signed-in user; answers where the app shows what they joined. */
export const acceptInvitation = (token: string) => appApi.POST("/invitations/{token}/accept", { params: { path: { token } } });

/** Creates the invited account (verified) and accepts, in one step. */
export const signUpFromInvitation = (token: string, body: { name: string; password: string }) =>
  appApi.POST("/invitations/{token}/accept-with-sign-up", { params: { path: { token } }, body });
