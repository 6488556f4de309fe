/** An MCP client of the tests: connects to a service's agent-tool endpoint with a key, calls tools. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";

export async function connectMcp(url: string, key: string) {
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

export type ToolResult = { structuredContent?: any; isError?: boolean; content: { type: string; text: string }[] };

/** Calls a tool; its text content and its structured content always say the same. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  return result;
}

/** Calls a tool that must succeed, and answers its structured result. */
export async function callToolOk(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await callTool(client, name, args);
  expect(result.isError, `${name}: ${result.content[0].text}`).toBeFalsy();
  return result.structuredContent;
}
