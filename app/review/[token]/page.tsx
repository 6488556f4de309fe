import type { Metadata } from "next";
import { Providers } from "@/components/providers";
import { ReviewPage } from "@/components/review/reviewer/review-page";

// The token in the address is the secret: never sent on to the sites the course links to, never indexed.
export const metadata: Metadata = { title: "Review a course", referrer: "no-referrer", robots: { index: false, follow: false } };

/**
 * /review/{token}: a course opened by a review link (docs/decisions/060), for anyone who has it, no
 * account needed: to read it, drafts included, as learners will see it, and to comment (and,
 * where the link allows, suggest edits) under a name and address they give once.
 */
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <Providers>
      <ReviewPage token={token} />
    </Providers>
  );
}
