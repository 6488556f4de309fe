import { NotFoundView } from "@/components/not-found-view";

export const metadata = { title: "Page not found" };

/**
 * An authoring page whose id names nothing the user may see (an unknown or another workspace's
 * project, lesson or quiz, a malformed id): 404 under the header the authoring layout draws. Without
 * this file the root not-found page, header and all, would render inside that layout's main.
 */
export default function AuthoringNotFound() {
  return <NotFoundView />;
}
