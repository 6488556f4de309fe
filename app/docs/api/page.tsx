import { ApiReference } from "@/components/docs/api-reference";
import { McpSection } from "@/components/docs/mcp-section";
import { authoringOpenApi } from "@/lib/authoring/openapi";

export const metadata = { title: "API reference" };

export default function ApiDocsPage() {
  return <ApiReference doc={authoringOpenApi() as never} extra={<McpSection />} />;
}
