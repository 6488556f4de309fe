import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/api/errors";
import { sessionCaller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { uuidOrNotFound } from "@/lib/pages/page-ids";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { Providers } from "@/components/providers";
import { RecipientPage } from "@/components/proposals/recipient/recipient-page";

// Every request reads the current status and records the view: nothing here may be cached.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ uuid: string }> };

/**
 * One read per request, shared by the metadata and the page, so a view is recorded once. No
 * sign-in: the uuid is the secret. A signed-in member of the sending company sees a preview.
 */
const load = cache(async (uuid: string) => {
  uuidOrNotFound(uuid);
  try {
    return await getPublicProposal(await getDb(), uuid.toLowerCase(), { viewer: await sessionCaller() });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { proposal } = await load((await params).uuid);
  return {
    title: `${proposal.title.trim() || "Proposal"} from ${proposal.company.name}`,
    // A link sent to one customer: never in a search engine, never leaking through a referrer.
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default async function ProposalRecipientPage({ params }: Props) {
  const { proposal, isPreview } = await load((await params).uuid);
  return (
    <Providers>
      <RecipientPage proposal={proposal} isPreview={isPreview} />
    </Providers>
  );
}
