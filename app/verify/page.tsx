import type { Metadata } from "next";
import Link from "next/link";
import { VerifyForm } from "@/components/verify/verify-form";

export const metadata: Metadata = { title: "Verify an acceptance record or a certificate" };

type Props = { searchParams: Promise<{ sha256?: string | string[] }> };

/**
 * /verify: public, no sign-in. Anyone holding an acceptance record's PDF (the customer, the
 * company, their accountant or a court), or a certificate of completion or its credential (an
 * employer), checks that this app issued it and that it is unchanged.
 */
export default async function VerifyPage({ searchParams }: Props) {
  const given = (await searchParams).sha256;
  const initialHash = typeof given === "string" ? given.slice(0, 200) : "";
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <Link href="/" className="mb-8 flex items-center gap-2 text-lg font-semibold">
        <span aria-hidden className="grid h-8 w-8 place-items-center rounded-md bg-brand-600 text-white">
          C
        </span>
        Coursewright
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Verify an acceptance record or a certificate</h1>
      <p className="mt-2 mb-6 text-slate-600">
        When a customer accepts a proposal sent with Coursewright, the app keeps a PDF of what they accepted with a certificate of their
        signature; when a learner completes a course, they get a certificate of completion as a PDF and as an Open Badges credential. Upload
        such a PDF, type its SHA-256, or paste the credential, to check that it was issued here and has not been changed since.
      </p>
      <VerifyForm initialHash={initialHash} />
    </main>
  );
}
