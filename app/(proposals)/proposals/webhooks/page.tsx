import { WebhooksPage } from "@/components/proposals/webhooks/webhooks-page";
import { requireUser } from "@/lib/auth/require-user";

export const metadata = { title: "Webhooks" };

// The proposals layout has sent a signed-out visitor to sign-in (and back here).
export default async function Page() {
  const user = await requireUser();
  return <WebhooksPage userId={user.id} />;
}
