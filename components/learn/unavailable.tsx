import Link from "next/link";
import { ApiClientError } from "@/lib/client/api";

/** What a learner sees instead of a course or lesson they cannot open now. */
export function Unavailable({ error }: { error: Error }) {
  const notPublished = error instanceof ApiClientError && error.status === 403;
  return <UnavailableNotice notPublished={notPublished} message={error.message} />;
}

/** The same, from the server's answer: not published now (with the server's words), or not found. */
export function UnavailableNotice({ notPublished, message }: { notPublished: boolean; message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-8 text-center">
      <h1 className="text-lg font-semibold text-amber-900">{notPublished ? "Not available right now" : "Not found"}</h1>
      <p className="mt-2 text-sm text-amber-900">
        {notPublished ? message : "This course or lesson does not exist, or it is not shared with you."}
      </p>
      <Link href="/learn" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Back to your courses
      </Link>
    </div>
  );
}
