/**
 * Which kind of object an input names: the kind its examples refer to (a
 * run rule's `projectId` names a Project). The conformance matrix writes those
 * examples as references; `adopt` writes the program's references from them.
 */
import { isExampleReference, type FieldSpec } from "./fieldSpec";

/** The type token of the kind whose id `field` holds, when its examples say (`undefined` otherwise, or when they refer to another output than the id). */
export function referencedToken(field: FieldSpec): string | undefined {
  const example = field.example;
  if (example === undefined || "notSet" in example) return undefined;
  for (const one of Array.isArray(example) ? example : [example]) {
    const value = (one as { value?: unknown }).value;
    if (isExampleReference(value) && (value.output === undefined || value.output === "id")) return value.ref;
  }
  return undefined;
}
