/**
 * Reading the examples a kind's field table carries for the conformance
 * matrix (`FieldSpec.example`): the list of a field's examples, the ones of
 * one variant, and values with their references and placeholders filled.
 */
import { type ExampleReference, type FieldExample, type FieldSpec, isExampleReference } from "../../../provider/engine/fields/fields";
import { registeredKind } from "../../../provider/registry";

/** A field's examples (empty for a field the matrix never sets). */
export function examplesOf(field: FieldSpec): readonly FieldExample[] {
  const examples = field.example;
  if (examples === undefined || "notSet" in examples) return [];
  return Array.isArray(examples) ? (examples as readonly FieldExample[]) : [examples as FieldExample];
}

/** Why the matrix never sets a field, or undefined when it does. */
export function notSetReason(field: FieldSpec): string | undefined {
  const examples = field.example;
  return examples !== undefined && "notSet" in examples ? examples.notSet : undefined;
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

/** Replaces every reference and placeholder string inside `value`. */
export function mapExample(value: unknown, onReference: (reference: ExampleReference) => unknown, onString: (text: string) => unknown): unknown {
  if (isExampleReference(value)) return onReference(value);
  if (typeof value === "string") return onString(value);
  if (Array.isArray(value)) return value.map((item) => mapExample(item, onReference, onString));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapExample(item, onReference, onString)]));
  return value;
}

/** The values placeholders stand for in a check with no server: plausible, fixed. */
const CHECK_PLACEHOLDERS: Readonly<Record<string, string>> = {
  canary: "canary-check",
  "s3.endpoint": "http://127.0.0.1:9000",
  "s3.region": "us-east-1",
  "s3.bucket": "matrix-exports",
  "s3.accessKeyId": "matrixaccesskey",
  "s3.secretAccessKey": "matrixsecretkey",
  "s3.accessKeyId2": "matrixaccesskey2",
  "s3.secretAccessKey2": "matrixsecretkey2",
  uuid: "00000000-0000-4000-8000-0000000000e2",
};

/** The placeholders whose values are secrets the matrix looks for in every output: a secret field's strings hold one. */
export const CANARY_PLACEHOLDERS: readonly string[] = ["{canary}", "{s3.accessKeyId}", "{s3.secretAccessKey}", "{s3.accessKeyId2}", "{s3.secretAccessKey2}"];

/** Fills `{name}` placeholders of a string from `values`; an unknown placeholder is an error. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-zA-Z0-9.]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`unknown placeholder ${whole} in an example`);
    return value;
  });
}

/** A value as a validator sees it with no server: references as a UUID, placeholders filled with fixed values. */
export function resolvedForCheck(value: unknown): unknown {
  return mapExample(
    value,
    (reference) => {
      if ((reference.output ?? "id") === "id") return "00000000-0000-4000-8000-0000000000e1";
      // Another output of the kind referred to: the example of its input of that name, if it has one.
      const field = registeredKind(reference.ref)?.load().fields.find((candidate) => candidate.path === reference.output);
      const example = field === undefined ? undefined : examplesOf(field)[0];
      return example === undefined ? "00000000-0000-4000-8000-0000000000e1" : resolvedForCheck(example.value);
    },
    (text) => fillPlaceholders(text, CHECK_PLACEHOLDERS),
  );
}
