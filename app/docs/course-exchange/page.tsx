import { DocsNav } from "@/components/docs/docs-nav";
import { Guide } from "@/components/docs/guide";
import { readGuide } from "@/lib/docs/guides";

export const metadata = { title: "Moving courses" };

/** Exporting packages and archives, export links for agents, importing: docs/course-exchange.md. */
export default function CourseExchangeGuidePage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <DocsNav current="/docs/course-exchange" />
      <Guide markdown={readGuide("course-exchange")} />
    </main>
  );
}
