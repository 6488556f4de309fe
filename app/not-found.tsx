import { AppHeader } from "@/components/app-header";
import { NotFoundView } from "@/components/not-found-view";
import { currentUser } from "@/lib/auth/session";

export const metadata = { title: "Page not found" };

/** An unknown address, or an id that names nothing (lib/pages/page-ids.ts): 404 with ways back. */
export default async function NotFound() {
  const user = await currentUser();
  return (
    <>
      <AppHeader user={user} />
      <main>
        <NotFoundView />
      </main>
    </>
  );
}
