import { ApiKeysPanel } from "@/components/account/api-keys-panel";

export const metadata = { title: "API keys" };

export default function ApiKeysPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600">
          A key lets a program or an AI agent act as you through the REST APIs and the agent-tool interface. Send it as{" "}
          <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
        </p>
      </div>
      <ApiKeysPanel />
    </div>
  );
}
