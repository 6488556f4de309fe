import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { signInViaApi, signUpViaApi } from "../support/helpers";

test("[MCP] the production server offers the 67 agent tools over Streamable HTTP, with a key", async ({ request, baseURL, playwright }) => {
  const user = await signUpViaApi(request);
  const session = await playwright.request.newContext({ baseURL });
  await signInViaApi(session, user);
  const { key } = await (await session.post("/api/authoring/api-keys", { data: { name: "agent" }, headers: { origin: baseURL! } })).json();

  const unauthenticated = await request.post("/api/authoring/mcp", { data: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
  expect(unauthenticated.status()).toBe(401);

  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseURL}/api/authoring/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(67);
  // Review (issue 41): agents comment and suggest; accepting, rejecting and resolving stay with people.
  const names = tools.map((t) => t.name);
  for (const tool of ["list_comments", "add_comment", "reply_to_comment", "suggest_block_change", "list_suggestions"])
    expect(names).toContain(tool);
  for (const tool of ["accept_suggestion", "reject_suggestion", "update_comment", "publish_course"]) expect(names).not.toContain(tool);
  const result = (await client.callTool({ name: "create_project", arguments: { name: "From an agent" } })) as unknown as {
    structuredContent: { name: string };
  };
  expect(result.structuredContent.name).toBe("From an agent");
  await client.close();
  await session.dispose();
});
