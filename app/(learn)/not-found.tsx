import { NotFoundView } from "@/components/not-found-view";

export const metadata = { title: "Page not found" };

/**
 * A learner's page whose id names nothing the learner may see: 404 under the header the learn layout
 * draws. Without this file the root not-found page, header and all, would render inside that
 * layout's main.
 */
export default function LearnNotFound() {
  return <NotFoundView />;
}
