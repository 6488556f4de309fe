import type { ProposalEventDto } from "./schemas";

/**
 * An audit event in words, the same on the editor's History, the customer's page and the PDF's
 * certificate: what happened, and who did it. `companyName` stands for staff whose names the reader
 * may not see (the customer's side, where members are "the sender"). Importable by the browser.
 */
export function describeEvent(event: ProposalEventDto, companyName: string): { what: string; who: string } {
  return { what: whatHappened(event), who: whoDidIt(event, companyName) };
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

function whatHappened({ type, detail }: ProposalEventDto): string {
  switch (type) {
    case "created": {
      const version = typeof detail.version === "number" ? ` version ${detail.version}` : "";
      const from = typeof detail.from_version === "number" ? ` from version ${detail.from_version}` : "";
      return `Created${version}${from}`;
    }
    case "sent": {
      const to = text(detail.to) ?? text(detail.recipient_name);
      return to ? `Sent to ${to}` : "Sent";
    }
    case "viewed":
      return "Opened";
    case "choices_changed":
      return "Choices changed";
    case "accepted":
      return "Accepted";
    case "rejected":
      return "Declined";
    case "withdrawn":
      return "Withdrawn";
    case "expired":
      return "Expired";
    case "changes_requested":
      return "Changes requested";
    case "reminder_sent":
      return "Reminder sent";
    case "approval_requested":
      return "Approval requested";
    case "approved":
      return "Approved";
    case "approval_declined":
      return "Approval declined";
  }
}

function whoDidIt({ actor }: ProposalEventDto, companyName: string): string {
  switch (actor.kind) {
    case "member":
      return actor.name || companyName;
    case "agent":
      return actor.name ? `${actor.name} (API)` : `${companyName} (API)`;
    case "recipient":
      return actor.name || "The recipient";
    case "system":
      return "Automatically";
  }
}
