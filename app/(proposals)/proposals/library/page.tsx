import { LibraryPage } from "@/components/proposals/library/library-page";

export const metadata = { title: "Content library" };

// The proposals layout has sent a signed-out visitor to sign-in (and back here).
export default function Page() {
  return <LibraryPage />;
}
