import { defineBlockType, isObject, optionalStringOk, str } from "./define";

export type GlossaryContent = { title: string; terms: { term: string; definition: string }[] };

export function parseGlossary(content: unknown): GlossaryContent | null {
  if (!isObject(content) || !optionalStringOk(content.title) || !Array.isArray(content.terms)) return null;
  const terms = content.terms.filter(isObject).map((t) => ({ term: str(t.term), definition: str(t.definition) }));
  if (terms.length !== content.terms.length) return null;
  return { title: str(content.title), terms };
}

export const glossaryBlock = defineBlockType({
  type: "glossary",
  label: "Glossary",
  description: "Terms and their definitions",
  icon: "≡",
  content: { parse: parseGlossary, initial: () => ({ title: "", terms: [{ term: "", definition: "" }] }) },
});
