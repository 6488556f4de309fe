import { describe, expect, it } from "vitest";
import { buyerTools } from "@/lib/app/agent-tools";
import { authoringTools } from "@/lib/authoring/agent-tools";
import { proposalsTools } from "@/lib/proposals/agent-tools";

/**
 * An agent picks a tool by its description alone: "Read a module." tells it neither what comes
 * back nor when to reach for it. Every tool's own text (its endpoint's description, before the
 * hints every write gets) says what it returns, in a sentence of some length.
 */
const MIN_LENGTH = 60;
const SAYS_WHAT_IT_RETURNS = /\b(returns|answers)\b/i;

describe("[AGENT TOOLS] descriptions", () => {
  for (const [service, set] of [
    ["authoring", authoringTools()],
    ["proposals", proposalsTools()],
    ["seats and certificates", buyerTools()],
  ] as const) {
    it(`every ${service} tool says what it returns, in at least ${MIN_LENGTH} characters of its own`, () => {
      const terse = set.tools
        .map((tool) => ({ name: tool.name, own: tool.endpoint.description ?? "" }))
        .filter(({ own }) => own.length < MIN_LENGTH || !SAYS_WHAT_IT_RETURNS.test(own))
        .map(({ name, own }) => `${name}: "${own}"`);
      expect(terse, "fix the endpoint's description in its endpoints.ts: say what it returns and when to use it").toEqual([]);
    });
  }

  it("the tool description an agent reads starts with the endpoint's summary and includes its description", () => {
    const tool = authoringTools().byName.get("get_module")!;
    expect(tool.description).toContain("Read a module.");
    expect(tool.description).toContain(tool.endpoint.description);
  });
});
