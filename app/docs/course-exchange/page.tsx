import Link from "next/link";
import { Guide } from "@/components/docs/guide";
import { readGuide } from "@/lib/docs/guides";

export const metadata = { title: "Moving courses" };

/** Exporting packages and archives, export links for agents, importing: docs/course-exchange.md. */
export default function CourseExchangeGuidePage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <nav aria-label="Documentation" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href="/docs/api#authoring" className="font-medium text-brand-700 underline underline-offset-2">
          API reference
        </Link>
      </nav>
      <Guide markdown={readGuide("course-exchange")} />
    </main>
  );
}
