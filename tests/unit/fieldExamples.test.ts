// Every input of every registered kind carries the examples the conformance
// matrix (tests/e2e/conformance.test.ts) declares it with: a valid value its
// validator accepts, a different changed value (or the reason there is
// none), secrets holding a `{canary}` (or an S3 key of the matrix's store), references to registered kinds.
import { isDeepStrictEqual } from "node:util";
import { type FieldExample, type FieldSpec, isExampleReference } from "../../provider/engine/fields/fields";
import { loadAllKinds, registeredKind } from "../../provider/registry";
import { CANARY_PLACEHOLDERS, examplesOf, resolvedForCheck } from "../helpers/conformance/examples";

const rows = loadAllKinds().flatMap((kind) => kind.fields.map((field) => [`${kind.token.split(":")[2]}.${field.path}`, field] as [string, FieldSpec]));

/** Every reference inside a value, at any depth. */
function references(value: unknown): string[] {
  if (isExampleReference(value)) return [value.ref];
  if (Array.isArray(value)) return value.flatMap(references);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(references);
  return [];
}

/** Every string inside a value, at any depth. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (isExampleReference(value)) return [];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe("field examples of the conformance matrix", () => {
  it.each(rows)("%s has examples", (_name, field) => {
    expect(field.example).toBeDefined();
  });

  it.each(rows)("%s: each example is valid, changes the value or says why not, and refers to registered kinds", (_name, field) => {
    const problems: string[] = [];
    for (const example of examplesOf(field)) {
      const values: [string, unknown][] = [
        ["value", example.value],
        ...(example.changed !== undefined ? [["changed", example.changed] as [string, unknown]] : []),
        ...(example.other !== undefined ? [["other", example.other] as [string, unknown]] : []),
      ];
      for (const [which, value] of values) {
        const parsed = field.schema.safeParse(resolvedForCheck(value));
        if (!parsed.success) problems.push(`${which} ${JSON.stringify(value)} is refused: ${parsed.error.issues[0]?.message}`);
        for (const token of references(value)) if (registeredKind(token) === undefined) problems.push(`${which} refers to ${token}, which is not registered`);
        if (field.secret && !strings(value).some((text) => CANARY_PLACEHOLDERS.some((canary) => text.includes(canary))))
          problems.push(`${which} of a secret holds no {canary} (or S3 key)`);
      }
      if (example.changed === undefined && (example.why ?? "") === "") problems.push("no changed value and no why");
      if (example.changed !== undefined && isDeepStrictEqual(example.changed, example.value)) problems.push("changed equals value");
    }
    expect(problems).toEqual([]);
  });

  it("fields that exclude one another name their variants consistently within a kind", () => {
    const problems: string[] = [];
    for (const kind of loadAllKinds()) {
      const variantsOf = (field: FieldSpec) =>
        new Set(
          examplesOf(field)
            .map((example: FieldExample) => example.variant)
            .filter((v) => v !== undefined),
        );
      const all = new Set(kind.fields.flatMap((field) => [...variantsOf(field)]));
      for (const field of kind.fields) {
        const own = variantsOf(field);
        // A field that sets a value per variant must have one for each variant of the kind.
        if (examplesOf(field).length > 1 && [...all].some((variant) => !own.has(variant)))
          problems.push(`${kind.token} ${field.path}: not every variant of ${[...all].join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
