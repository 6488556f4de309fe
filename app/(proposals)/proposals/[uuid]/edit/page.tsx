import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ProposalEditor } from "@/components/proposals/editor/proposal-editor";
import { redirectToSignIn } from "@/lib/auth/require-user";
import { sessionCaller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { uuidParams } from "@/lib/pages/page-ids";
import { isProposalVisible } from "@/lib/proposals/proposals/get-proposal";

/**
 * Whether the signed-in caller may open the proposal, asked once per request; a signed-out visitor
 * signs in first and comes back here.
 */
const mayOpen = cache(async (uuid: string) => {
  const caller = (await sessionCaller()) ?? (await redirectToSignIn());
  return isProposalVisible({ tx: await getDb(), caller, uuid });
});

/**
 * The proposal's uuid when the caller may open it; else the not-found page (404), as the API
 * answers a proposal that does not exist or is another company's.
 */
async function openableUuid(params: Promise<{ uuid: string }>) {
  const { uuid } = await uuidParams(params);
  if (!(await mayOpen(uuid))) notFound();
  return uuid;
}

// Checked here too, so a proposal the caller may not see has the not-found page's title.
export async function generateMetadata({ params }: { params: Promise<{ uuid: string }> }): Promise<Metadata> {
  await openableUuid(params);
  return { title: "Edit proposal" };
}

/** The editor of a proposal the caller's companies own; it loads the proposal through the API. */
export default async function ProposalEditorPage({ params }: { params: Promise<{ uuid: string }> }) {
  const uuid = await openableUuid(params);
  return <ProposalEditor key={uuid} uuid={uuid} />;
}
