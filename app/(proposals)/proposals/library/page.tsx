import { LibraryPage } from "@/components/proposals/library/library-page";
import { requireUser } from "@/components/proposals/require-user";

export const metadata = { title: "Content library" };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireUser("/proposals/library", await searchParams);
  return <LibraryPage />;
}
