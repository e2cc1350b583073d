/** The adopted program in Python (__main__.py), on the package `pulumi_langsmith`. */
import type { PackageSchema } from "../../native/schema";
import type { AdoptedProgram, ProgramValue } from "../program";
import { isReference, isSecretPlaceholder } from "../program";
import { className, identifier, inputProperties, objectProperties, type PropertyType, pythonName } from "./values";

/** A value as Python source: an object type's keys in snake case, a map's as they are. */
function value(schema: PackageSchema, v: ProgramValue, type: PropertyType | undefined, depth: number, variables: ReadonlyMap<string, string>): string {
  if (isReference(v)) return `${variables.get(v.reference) ?? identifier(v.reference, "snake")}.id`;
  if (isSecretPlaceholder(v)) return `config.require_secret(${JSON.stringify(v.configSecret)})`;
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (Array.isArray(v)) return v.length === 0 ? "[]" : `[${v.map((item) => value(schema, item, type?.items, depth, variables)).join(", ")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, ProgramValue>);
    if (entries.length === 0) return "{}";
    const properties = objectProperties(schema, type);
    const pad = "    ".repeat(depth + 1);
    const items = entries.map(
      ([key, item]) =>
        `${pad}${JSON.stringify(properties !== undefined ? pythonName(key) : key)}: ${value(schema, item, properties?.[key] ?? type?.additionalProperties, depth + 1, variables)},`,
    );
    return `{\n${items.join("\n")}\n${"    ".repeat(depth)}}`;
  }
  return JSON.stringify(v);
}

/** The program's source (`__main__.py`). */
export function pythonProgram(program: AdoptedProgram, schema: PackageSchema): string {
  const variables = new Map(program.resources.map((resource) => [resource.name, identifier(resource.name, "snake")]));
  const lines = ['"""The LangSmith organization, adopted by pulumi-langsmith adopt."""', "", "import pulumi", "import pulumi_langsmith as langsmith", ""];
  if (program.secrets.length > 0) lines.push("config = pulumi.Config()", "");
  for (const resource of program.resources) {
    const properties = inputProperties(schema, resource.token);
    const args = Object.entries(resource.inputs).map(([key, item]) => `    ${pythonName(key)}=${value(schema, item, properties[key], 1, variables)},`);
    lines.push(`${variables.get(resource.name)} = langsmith.${className(resource.token)}(`, `    ${JSON.stringify(resource.name)},`, ...args, ")");
  }
  lines.push("");
  return lines.join("\n");
}
