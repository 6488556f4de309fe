import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { RecipientPage } from "@/components/proposals/recipient/recipient-page";
import { TooManyRequests } from "@/components/proposals/recipient/too-many-requests";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { clientAddress } from "@/lib/api/client-address";
import { AppError } from "@/lib/api/errors";
import { RateLimitedError } from "@/lib/api/rate-limit";
import { sessionCaller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { uuidOrNotFound } from "@/lib/pages/page-ids";
import { getPublicProposal, type PublicProposalView } from "@/lib/proposals/public/public-proposal";

// Every request reads the current status and records the view: nothing here may be cached.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ uuid: string }> };

/**
 * One read per request, shared by the metadata and the page, so a view is recorded (and the read
 * counted against the client's address) once. No sign-in: the uuid is the secret. A signed-in
 * member of the sending company sees a preview. An address past its budget of reads gets the
 * seconds to wait: a page cannot answer 429, so it says so in words.
 */
const load = cache(async (uuid: string): Promise<PublicProposalView | { retryAfter: number }> => {
  uuidOrNotFound(uuid);
  try {
    return await getPublicProposal(await getDb(), uuid.toLowerCase(), {
      viewer: await sessionCaller(),
      address: clientAddress(await headers()),
    });
  } catch (error) {
    if (error instanceof RateLimitedError) return { retryAfter: error.retryAfter };
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

// A link sent to one customer: never in a search engine, never leaking through a referrer.
const privateLink = { robots: { index: false, follow: false }, referrer: "no-referrer" } satisfies Metadata;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await load((await params).uuid);
  if ("retryAfter" in read) return { title: "Too many requests", ...privateLink };
  return { title: `${read.proposal.title.trim() || "Proposal"} from ${read.proposal.company.name}`, ...privateLink };
}

export default async function ProposalRecipientPage({ params }: Props) {
  const read = await load((await params).uuid);
  if ("retryAfter" in read) return <TooManyRequests retryAfter={read.retryAfter} />;
  const { proposal, isPreview, changes } = read;
  // Of the app's client providers the page needs only the confirm dialog (declining asks first):
  // not the query cache or the toasts, whose code every customer would download.
  return (
    <ConfirmProvider>
      <RecipientPage proposal={proposal} isPreview={isPreview} changes={changes} />
    </ConfirmProvider>
  );
}
