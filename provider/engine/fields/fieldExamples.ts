/**
 * Reading the examples a kind's field table carries (`FieldSpec.example`):
 * a field's examples, the variants they name, the example of one variant,
 * which fields the smallest object of a variant sets, and values with their
 * references and placeholders replaced. The conformance matrix declares its
 * programs with them, and the Registry's example programs are made from them.
 */
import type { ExampleReference, FieldExample, FieldSpec } from "./fieldSpec";
import { isExampleReference } from "./fieldSpec";

/** A field's examples (empty for a field the matrix never sets). */
export function examplesOf(field: FieldSpec): readonly FieldExample[] {
  const examples = field.example;
  if (examples === undefined || "notSet" in examples) return [];
  return Array.isArray(examples) ? (examples as readonly FieldExample[]) : [examples as FieldExample];
}

/** The variants a kind's fields name (empty: one object, no variants). */
export function variantsOf(fields: readonly FieldSpec[]): string[] {
  return [...new Set(fields.flatMap((field) => examplesOf(field).flatMap((example) => (example.variant === undefined ? [] : [example.variant]))))];
}

/** The example of `field` in `variant` (undefined when the field is not in it). */
export function exampleIn(field: FieldSpec, variant: string | undefined): FieldExample | undefined {
  const examples = examplesOf(field);
  return examples.find((example) => example.variant === variant) ?? examples.find((example) => example.variant === undefined);
}

/**
 * Which smallest object: the conformance matrix's (`matrix`: with what its
 * environment needs, `FieldExample.minimal`) or the Registry example's
 * (`registry`: with what a user sets, `FieldExample.shown`).
 */
export type SmallestObjectFor = "matrix" | "registry";

/** Whether the smallest object `purpose` makes sets an input the service does not require. */
function setAnyway(example: FieldExample, purpose: SmallestObjectFor): boolean {
  return (purpose === "matrix" ? example.minimal : (example.shown ?? example.minimal)) === true;
}

/**
 * Whether another input of the smallest object makes `field` required
 * (`requiredWhen`): the other input at its example value when the smallest
 * object sets it, unset otherwise.
 */
export function requiredInVariant(fields: readonly FieldSpec[], field: FieldSpec, variant: string | undefined, purpose: SmallestObjectFor = "matrix"): boolean {
  const when = field.requiredWhen;
  if (when === undefined) return false;
  const other = fields.find((candidate) => candidate.path === when.path);
  const example = other === undefined ? undefined : exampleIn(other, variant);
  const value = other !== undefined && example !== undefined && (other.required || setAnyway(example, purpose)) ? example.value : undefined;
  if (when.unset === true && value === undefined) return true;
  return when.in !== undefined && value !== undefined && when.in.includes(value);
}

/** Whether the smallest object of `variant` that `purpose` makes (default the matrix's) sets `field`: required, required by another input, or set anyway. */
export function inSmallestObject(fields: readonly FieldSpec[], field: FieldSpec, variant: string | undefined, purpose: SmallestObjectFor = "matrix"): boolean {
  const example = exampleIn(field, variant);
  return example !== undefined && (field.required || setAnyway(example, purpose) || requiredInVariant(fields, field, variant, purpose));
}

/** Replaces every reference and placeholder string inside `value`. */
export function mapExample(value: unknown, onReference: (reference: ExampleReference) => unknown, onString: (text: string) => unknown): unknown {
  if (isExampleReference(value)) return onReference(value);
  if (typeof value === "string") return onString(value);
  if (Array.isArray(value)) return value.map((item) => mapExample(item, onReference, onString));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapExample(item, onReference, onString)]));
  return value;
}

/** Fills `{name}` placeholders of a string from `values`; an unknown placeholder is an error. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-zA-Z0-9.]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`unknown placeholder ${whole} in an example`);
    return value;
  });
}
