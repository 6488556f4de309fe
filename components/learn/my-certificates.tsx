"use client";

import { useQuery } from "@tanstack/react-query";
import { appApi } from "@/lib/client/api";
import { learnKeys } from "@/lib/client/query-keys";

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/**
 * The learner's certificates of completion (issue 43): each as its PDF and its Open Badges
 * credential, the same files every time. Nothing is shown before the first one.
 */
export function MyCertificates() {
  const certificates = useQuery({
    queryKey: learnKeys.certificates(),
    queryFn: () => appApi.GET("/app/certificates").then((r) => r.data),
  });
  if (!certificates.data?.length) return null;
  return (
    <section aria-labelledby="certificates-heading" className="space-y-3">
      <h2 id="certificates-heading" className="text-lg font-semibold">
        Your certificates
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {certificates.data.map((c) => (
          <li
            key={c.id}
            aria-label={`Certificate: ${c.course.title}`}
            className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4"
          >
            <p className="font-medium text-slate-900">{c.course.title}</p>
            <p className="text-sm text-slate-700">
              by {c.provider.name}, completed {day.format(new Date(c.completed_at))}
              {c.revoked_at ? <strong className="text-red-700"> · revoked</strong> : null}
            </p>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <a href={`/api/app/certificates/${c.id}/pdf`} download className="font-medium text-brand-700 hover:underline">
                Download PDF
              </a>
              <a href={`/api/app/certificates/${c.id}/credential`} download className="font-medium text-brand-700 hover:underline">
                Download credential (Open Badges)
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
