import { isVerified } from "@/lib/accounts/verified";
import type { Caller } from "@/lib/api/authenticate";
import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { proposalDeliveryMail } from "@/lib/mail/templates/proposal-delivery";
import { formatDay } from "../public/presentation";
import { activeMemberByEmail } from "./people";
import { proposalUrl } from "./read-model";
import type { ProposalDto, SendBody } from "./schemas";

/** The one delivery mail of a proposal: a proposal is sent once, so it is mailed at most once. */
export const deliveryKey = (uuid: string) => `proposal:${uuid}:delivery`;

/**
 * Mails a proposal that was just sent to its recipient, in the send's transaction
 * (docs/decisions/033): when the recipient has an email and the sender did not say
 * notify_recipient: false. Otherwise nothing: the proposal is a link for the sender to share.
 *
 * From the sender's name (via MAIL_FROM's), Reply-To the contact person the customer's page names
 * (the proposal's contact person, else its creator) while they are an active member of the company,
 * else the sender. A new version sent to the recipient of the series' previous sent version is "an
 * updated proposal". An unverified sender may send the proposal but not have it mailed
 * (decision 031): without notify_recipient it goes as a link only; with notify_recipient true the
 * send is refused (403) and nothing is sent.
 */
export async function deliverProposal(
  tx: Tx,
  caller: Caller,
  sent: ProposalDto,
  options: Pick<SendBody, "message" | "notify_recipient" | "reminder_days_before">,
) {
  // A reminder mails the customer later on the sender's behalf (docs/decisions/037): asked for, it needs what mailing needs now.
  if (options.reminder_days_before !== undefined && !(await isVerified(tx, caller.userId))) {
    throw new AppError(
      "email_not_verified",
      'Verify your email address before having reminders mailed: open the link we mailed you, or press "Resend" in the banner at the ' +
        "top of any page for a new one. To send it now, send without reminder_days_before.",
    );
  }
  const to = sent.recipient_email.trim();
  if (options.notify_recipient === false || !to) return;
  if (!isMailAddress(to)) {
    throw new AppError(
      "validation_error",
      `The recipient's email "${to}" is not one address we can mail: correct the contact, or send with notify_recipient false and share the link yourself`,
    );
  }
  if (!(await isVerified(tx, caller.userId))) {
    // Left to us, it goes as a link to share (as before mail existed); asked for, the mail is refused with the send.
    if (options.notify_recipient === undefined) return;
    throw new AppError(
      "email_not_verified",
      'Verify your email address before mailing proposals: open the link we mailed you, or press "Resend" in the banner at the top of ' +
        "any page for a new one. To send it now as a link to share yourself, send with notify_recipient false.",
    );
  }
  const contactPerson = await activeMemberByEmail(tx, sent.company_id, sent.contact_email);
  const replyTo = contactPerson && isMailAddress(contactPerson.email) ? contactPerson.email : caller.email;
  const previous = await tx.proposal.findFirst({
    where: { seriesId: sent.series_uuid, id: { not: sent.uuid }, sentAt: { not: null } },
    orderBy: { sentAt: "desc" },
    select: { recipientId: true },
  });
  const isUpdate = previous !== null && previous.recipientId === sent.recipient_id;
  await enqueueMail(tx, {
    kind: isUpdate ? "proposal_updated" : "proposal_sent",
    to,
    senderName: caller.name,
    replyTo,
    dedupeKey: deliveryKey(sent.uuid),
    content: proposalDeliveryMail({
      isUpdate,
      title: sent.title,
      version: sent.version,
      companyName: sent.company_name,
      senderName: caller.name,
      replyTo,
      to,
      recipientName: sent.recipient_name,
      url: appLink(proposalUrl(sent.uuid)),
      expiresOn: sent.expires_at === null ? null : formatDay(sent.expires_at, sent.company_timezone),
      message: (options.message ?? "").replace(/\r\n?/g, "\n"),
    }),
  });
}
