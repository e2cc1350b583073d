// Enums (issue 33): an input that takes one of a fixed set of values is a
// named enum type of the schema (a constant per value in the Node.js,
// Python, Go and .NET SDKs), Check names the allowed values when given
// another, and every property of an object type has a description.
import { z } from "zod";
import { packageSchema } from "../../provider/native/schema";
import { enumValueName, type PulumiEnumTypeSpec } from "../../provider/native/pulumiTypes";
import { loadAllKinds } from "../../provider/registry";

const schema = packageSchema("0.0.0-test");
const enums = Object.entries(schema.types).filter((entry): entry is [string, PulumiEnumTypeSpec] => entry[1].type === "string");

/** The values of a field's validator when it is a fixed set of strings (top level only), else undefined. */
function enumValues(field: { schema: z.ZodType }): string[] | undefined {
  const json = z.toJSONSchema(field.schema, { io: "input", unrepresentable: "any" }) as { enum?: unknown[]; anyOf?: { enum?: unknown[] }[] };
  const values = json.enum ?? json.anyOf?.find((branch) => branch.enum !== undefined)?.enum;
  return values?.every((value) => typeof value === "string") === true ? (values as string[]) : undefined;
}

const enumFields = loadAllKinds().flatMap((kind) =>
  kind.fields.flatMap((field) => {
    const values = enumValues(field);
    return values === undefined ? [] : [{ kind, field, values }];
  }),
);

describe("enums", () => {
  it("finds the inputs of a fixed set of values (there are some)", () => {
    expect(enumFields.length).toBeGreaterThan(20);
  });

  it.each(enumFields.map((entry) => [`${entry.kind.token} ${entry.field.path}`, entry] as const))(
    "%s is an enum type of the schema with a constant per value",
    (_name, { kind, field, values }) => {
      const [top, ...rest] = field.path.split(".") as [string, ...string[]];
      let property = schema.resources[kind.token]?.inputProperties[top] as { $ref?: string } | undefined;
      for (const key of rest) {
        const type = schema.types[(property?.$ref ?? "").replace("#/types/", "")];
        property = type?.type === "object" ? (type.properties[key] as { $ref?: string }) : undefined;
      }
      const type = schema.types[(property?.$ref ?? "").replace("#/types/", "")];
      expect(type?.type).toBe("string");
      expect((type as PulumiEnumTypeSpec).enum).toEqual(
        values.map((value) => ({ name: enumValueName(value), value, description: `\`${value}\`, as the service names it.` })),
      );
      // The Registry shows the type's description: whose values these are.
      expect(type?.description).toMatch(new RegExp(`^The values of an? ${kind.token.split(":")[2]}'s \`${field.path.replace(/\./g, "\\.")}\`: `));
    },
  );

  it.each(enumFields.filter((entry) => !entry.field.path.includes(".")).map((entry) => [`${entry.kind.token} ${entry.field.path}`, entry] as const))(
    "%s: Check names every allowed value when given another",
    (_name, { kind, field, values }) => {
      const result = kind.check({}, { [field.path]: "not-one-of-them" });
      const reason = result.failures.find((failure) => failure.property === field.path)?.reason ?? "";
      for (const value of values) expect(reason).toContain(value);
    },
  );

  it("gives each enum distinct constant names, each a valid identifier", () => {
    for (const [, type] of enums) {
      const names = type.enum.map((value) => value.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
    }
  });

  it("names constants after their values' words", () => {
    expect(["error_count", "tag:create", "v2_beta", "s3", "1x"].map(enumValueName)).toEqual(["ErrorCount", "TagCreate", "V2Beta", "S3", "Value1x"]);
  });
});

describe("object types", () => {
  it("describe every property", () => {
    const undescribed = Object.entries(schema.types).flatMap(([token, type]) =>
      type.type === "object"
        ? Object.entries(type.properties)
            .filter(([, property]) => (property.description ?? "").trim() === "")
            .map(([name]) => `${token}.${name}`)
        : [],
    );
    expect(undescribed).toEqual([]);
  });
});
