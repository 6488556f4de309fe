import Link from "next/link";
import { redirectToSignIn } from "@/lib/auth/require-user";
import { sessionCaller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listManagedEnrolments } from "@/lib/enrolments/learners";

export const metadata = { title: "Seats" };

/** The enrolments the signed-in learning manager manages: courses their organisation bought, by the seat (issue 43). */
export default async function EnrolmentsPage() {
  const caller = (await sessionCaller()) ?? (await redirectToSignIn());
  const enrolments = await listManagedEnrolments(await getDb(), caller);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Seats</h1>
        <p className="text-sm text-slate-600">Courses your organisation bought. Invite learners and follow their progress.</p>
      </div>
      {enrolments.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing here yet. When you accept a proposal that includes a course, its seats appear here for the address {caller.email}.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {enrolments.map((e) => (
            <li key={e.id}>
              <Link
                href={`/enrolments/${e.id}`}
                className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-300 hover:shadow-sm"
              >
                <p className="font-medium text-slate-900">{e.course.title}</p>
                <p className="text-sm text-slate-600">by {e.provider.name}</p>
                <p className="mt-2 text-sm text-slate-700">
                  {e.seats_used} of {e.seats} seats used
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
