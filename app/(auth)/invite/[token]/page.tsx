import { InvitationPage, UnknownInvitation } from "@/components/invitations/invitation-page";
import { currentUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getInvitationByToken } from "@/lib/invitations/get-invitation";

export const metadata = { title: "Invitation", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

// The link a mailed invitation carries: open to anyone who has it (the token is the secret).
export default async function InvitationRoute({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, user] = await Promise.all([getInvitationByToken(await getDb(), token), currentUser()]);
  if (!invitation) return <UnknownInvitation />;
  return <InvitationPage token={token} invitation={invitation} user={user} />;
}
