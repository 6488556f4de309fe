import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import type { PublicProposalView } from "@/lib/proposals/public/public-proposal";
import { RecipientPage } from "./recipient-page";

/** What the server renders at /p/{uuid} and the browser hydrates (./hydrate.tsx): the same tree, from the same root. */
export type RecipientData = Pick<PublicProposalView, "proposal" | "isPreview" | "changes">;

/** Of the app's client providers the page needs only the confirm dialog (declining asks first). */
export function RecipientTree({ proposal, isPreview, changes }: RecipientData) {
  return (
    <ConfirmProvider>
      <RecipientPage proposal={proposal} isPreview={isPreview} changes={changes} />
    </ConfirmProvider>
  );
}

/** Where the tree is rendered and where its data is, in the server's HTML. */
export const RECIPIENT_ROOT_ID = "recipient-root";
export const RECIPIENT_DATA_ID = "recipient-data";
