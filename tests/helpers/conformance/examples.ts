/**
 * Reading the examples a kind's field table carries for the conformance
 * matrix (`FieldSpec.example`): the list of a field's examples, the ones of
 * one variant, and values with their references and placeholders filled.
 */
import type { FieldSpec } from "../../../provider/engine/fields/fields";
import { examplesOf, fillPlaceholders, mapExample } from "../../../provider/engine/fields/fieldExamples";
import { registeredKind } from "../../../provider/registry";

export { exampleIn, examplesOf, fillPlaceholders, mapExample, variantsOf } from "../../../provider/engine/fields/fieldExamples";

/** Why the matrix never sets a field, or undefined when it does. */
export function notSetReason(field: FieldSpec): string | undefined {
  const examples = field.example;
  return examples !== undefined && "notSet" in examples ? examples.notSet : undefined;
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

/** A value as a validator sees it with no server: references as a UUID, placeholders filled with fixed values. */
export function resolvedForCheck(value: unknown): unknown {
  return mapExample(
    value,
    (reference) => {
      if ((reference.output ?? "id") === "id") return "00000000-0000-4000-8000-0000000000e1";
      // Another output of the kind referred to: the example of its input of that name, if it has one.
      const field = registeredKind(reference.ref)
        ?.load()
        .fields.find((candidate) => candidate.path === reference.output);
      const example = field === undefined ? undefined : examplesOf(field)[0];
      return example === undefined ? "00000000-0000-4000-8000-0000000000e1" : resolvedForCheck(example.value);
    },
    (text) => fillPlaceholders(text, CHECK_PLACEHOLDERS),
  );
}
