/**
 * The native provider's reference page (docs/native-reference.md), rendered
 * from its Pulumi package schema ({@link packageSchema}) and nothing else:
 * every resource's inputs and outputs, every function, every object type, every
 * enum and the provider configuration, with types, defaults, secret and replace flags
 * and descriptions as the schema states them. `npm run docs:reference`
 * writes it; tests/unit/nativeSchema.test.ts fails when it is out of date.
 */
import type { PulumiPropertySpec, PulumiTypeSpec } from "./pulumiTypes";
import { packageSchema } from "./schema";
import { loadKind } from "../registry";
import { withoutRegistrySections } from "./examples/sections";

/** An object's properties and which are required (a resource's inputs, a function's arguments or result, an object type). */
interface SchemaObject {
  readonly properties?: Readonly<Record<string, PulumiPropertySpec>>;
  readonly required?: readonly string[];
}

const TYPE_PREFIX = "#/types/";

/** The type of a property as a reader writes it, e.g. `string[]`, `DeploymentSourceConfig`. */
function typeName(property: PulumiTypeSpec): string {
  if ("$ref" in property) {
    if (property.$ref.startsWith(TYPE_PREFIX)) {
      const name = shortName(property.$ref.slice(TYPE_PREFIX.length));
      return `[${name}](#${name.toLowerCase()})`;
    }
    return property.$ref.replace("pulumi.json#/", "").toLowerCase();
  }
  if ("items" in property) return `${typeName(property.items)}[]`;
  if ("additionalProperties" in property) return `map of ${typeName(property.additionalProperties)}`;
  return property.type;
}

/** Markdown table cell text: no line breaks, no unescaped pipes. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

function flags(property: PulumiPropertySpec, required: boolean): string {
  const out = [required ? "required" : "optional"];
  if (property.default !== undefined) out.push(`default \`${JSON.stringify(property.default)}\``);
  if (property.secret === true) out.push("secret");
  if (property.replaceOnChanges === true) out.push("replaces");
  return out.join(", ");
}

/** A table of an object's properties. */
function propertyTable(object: SchemaObject, withFlags: boolean): string {
  const properties = Object.entries(object.properties ?? {});
  if (properties.length === 0) return "None.\n";
  const required = new Set(object.required ?? []);
  const header = withFlags ? "| property | type | flags | description |\n|---|---|---|---|\n" : "| property | type | description |\n|---|---|---|\n";
  const rows = properties.map(([name, property]) => {
    const description = cell(property.description ?? "");
    return withFlags
      ? `| \`${name}\` | ${typeName(property)} | ${flags(property, required.has(name))} | ${description} |`
      : `| \`${name}\` | ${typeName(property)}${property.secret === true ? " (secret)" : ""} | ${description} |`;
  });
  return `${header}${rows.join("\n")}\n`;
}

/** The short name of a token, e.g. `Deployment` for `langsmith:index:Deployment`. */
function shortName(token: string): string {
  return token.split(":").pop() as string;
}

/**
 * Renders the reference page of the schema of `version`.
 *
 * @param version the package version the schema states (the plugin's).
 */
export function schemaReference(version: string): string {
  const schema = packageSchema(version);
  const parts: string[] = [
    "# Native provider reference",
    "",
    "<!-- Generated from the provider's Pulumi package schema by `npm run docs:reference` (provider/native/schemaReference.ts); do not edit. -->",
    "",
    `Package \`${schema.name}\`. Flags: *replaces* = changing the input replaces the resource; *secret* = the value is a Pulumi secret in state and output. Types link to [Object types](#object-types). How to install and use the provider: [native.md](native.md).`,
    "",
    "## Resources",
    "",
  ];
  for (const [token, resource] of Object.entries(schema.resources)) {
    parts.push(`### ${shortName(token)}`, "", `Type token \`${token}\`.`, "", cell(withoutRegistrySections(resource.description)), "");
    const forms = loadKind(token)?.importForms ?? [];
    if (forms.length > 0) parts.push(`Import: \`pulumi import ${token} <name> <id>\`, the id one of ${forms.map((form) => `\`${form}\``).join(", ")}.`, "");
    parts.push("Inputs:", "", propertyTable({ properties: resource.inputProperties, required: resource.requiredInputs }, true));
    const inputNames = new Set(Object.keys(resource.inputProperties));
    const outputsOnly = Object.fromEntries(Object.entries(resource.properties).filter(([name]) => !inputNames.has(name)));
    parts.push("Outputs other than the inputs:", "", propertyTable({ properties: outputsOnly }, false));
  }
  parts.push("## Functions", "");
  for (const [token, fn] of Object.entries(schema.functions)) {
    parts.push(`### ${shortName(token)}`, "", `Token \`${token}\`.`, "", cell(withoutRegistrySections(fn.description)), "");
    parts.push("Arguments:", "", propertyTable(fn.inputs, true), "Result:", "", propertyTable(fn.outputs, false));
  }
  parts.push("## Object types", "");
  for (const [token, type] of Object.entries(schema.types)) {
    if (type.type === "object") parts.push(`### ${shortName(token)}`, "", propertyTable(type, true));
  }
  parts.push(
    "## Enums",
    "",
    "Inputs that take one of a fixed set of values. The SDKs have a constant per value (Node.js, Python, Go, .NET); YAML programs write the value.",
    "",
  );
  for (const [token, type] of Object.entries(schema.types)) {
    if (type.type !== "string") continue;
    parts.push(
      `### ${shortName(token)}`,
      "",
      "| value | constant |",
      "|---|---|",
      ...type.enum.map((value) => `| \`${value.value}\` | \`${value.name}\` |`),
      "",
    );
  }
  parts.push("## Provider configuration", "", `Stack config keys \`${schema.name}:<key>\`.`, "", propertyTable({ properties: schema.config.variables }, false));
  return `${parts
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
