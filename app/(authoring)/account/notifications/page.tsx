import { NotificationSettingsPanel } from "@/components/account/notification-settings-panel";

export const metadata = { title: "Notifications" };

export default function NotificationsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Notifications</h1>
        <p className="mt-1 text-sm text-slate-600">
          What we mail you about the proposals you created or are the contact person of, and when someone mentions you in a comment on a
          course. Every such mail also has a link to stop it in one click.
        </p>
      </div>
      <NotificationSettingsPanel />
    </div>
  );
}
