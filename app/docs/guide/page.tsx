import { DocsNav } from "@/components/docs/docs-nav";
import { Guide } from "@/components/docs/guide";
import { readGuide } from "@/lib/docs/guides";

export const metadata = { title: "User guide" };

/** What authors, learners, sales staff and agents find where, and the app's endpoints: docs/guide.md. */
export default function UserGuidePage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <DocsNav current="/docs/guide" />
      <Guide markdown={readGuide("guide")} />
    </main>
  );
}
