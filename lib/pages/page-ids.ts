import { notFound } from "next/navigation";
import { Uuid } from "@/lib/api/schemas";

/**
 * A uuid from a page's address, or the not-found page: a malformed id names nothing, as the API
 * answers 404 for it (and the database would refuse it as an error).
 */
export function uuidOrNotFound(value: string): string {
  if (!Uuid.safeParse(value).success) notFound();
  return value;
}

/** Every id of a page's params checked at once: `const { projectId } = await uuidParams(params)`. */
export async function uuidParams<T extends Record<string, string>>(params: Promise<T>): Promise<T> {
  const values = await params;
  for (const value of Object.values(values)) uuidOrNotFound(value);
  return values;
}
