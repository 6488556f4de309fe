import Link from "next/link";
import { notFound } from "next/navigation";
import { EnrolmentView } from "@/components/enrolments/enrolment-view";
import { Providers } from "@/components/providers";
import { redirectToSignIn } from "@/lib/auth/require-user";
import { sessionCaller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { isNotFound } from "@/lib/enrolments/grant";
import { enrolmentToManage } from "@/lib/enrolments/learners";

export const metadata = { title: "Seats" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The buyer's page of one enrolment: to anyone but its managers, the not-found page (as the API's 404). */
export default async function EnrolmentPage({ params }: { params: Promise<{ enrolmentId: string }> }) {
  const { enrolmentId } = await params;
  const caller = (await sessionCaller()) ?? (await redirectToSignIn());
  if (!UUID.test(enrolmentId)) notFound();
  const enrolment = await enrolmentToManage(await getDb(), caller, enrolmentId).catch((error: unknown) => {
    if (isNotFound(error)) notFound();
    throw error;
  });
  return (
    <div className="space-y-4">
      <Link href="/enrolments" className="text-sm text-brand-700 hover:underline">
        All seats
      </Link>
      <Providers>
        <EnrolmentView initial={enrolment} />
      </Providers>
    </div>
  );
}
