import { NotFoundView } from "@/components/not-found-view";

export const metadata = { title: "Page not found" };

/**
 * A proposals page whose id names nothing the user may see (another company's proposal, an unknown
 * or malformed id): the app's not-found page, 404, under the header the proposals layout draws.
 */
export default function ProposalsNotFound() {
  return <NotFoundView />;
}
