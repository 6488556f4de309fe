import { defineBlockType, isObject, optionalStringOk, str } from "./define";

export type ScenarioContent = { body: string; reveal: string };

export function parseScenario(content: unknown): ScenarioContent | null {
  if (!isObject(content) || typeof content.body !== "string" || !optionalStringOk(content.reveal)) return null;
  return { body: content.body, reveal: str(content.reveal) };
}

export const scenarioBlock = defineBlockType({
  type: "scenario",
  label: "Scenario",
  description: "A situation with a hidden reveal",
  icon: "◐",
  content: { parse: parseScenario, initial: () => ({ body: "", reveal: "" }) },
});
