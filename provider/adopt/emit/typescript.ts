/** The adopted program in TypeScript (index.ts), on the package `pulumi-langsmith`. */
import type { AdoptedProgram, ProgramValue } from "../program";
import { isReference, isSecretPlaceholder } from "../program";
import { className, identifier } from "./values";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A value as TypeScript source, indented by `depth` levels. */
function value(v: ProgramValue, depth: number, variables: ReadonlyMap<string, string>): string {
  if (isReference(v)) return `${variables.get(v.reference) ?? identifier(v.reference, "camel")}.id`;
  if (isSecretPlaceholder(v)) return `config.requireSecret(${JSON.stringify(v.configSecret)})`;
  if (Array.isArray(v)) return v.length === 0 ? "[]" : `[${v.map((item) => value(item, depth, variables)).join(", ")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v as Record<string, ProgramValue>);
    if (entries.length === 0) return "{}";
    const pad = "  ".repeat(depth + 1);
    return `{\n${entries.map(([key, item]) => `${pad}${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${value(item, depth + 1, variables)},`).join("\n")}\n${"  ".repeat(depth)}}`;
  }
  return JSON.stringify(v);
}

/** The program's source (`index.ts`). */
export function typescriptProgram(program: AdoptedProgram): string {
  const variables = new Map(program.resources.map((resource) => [resource.name, identifier(resource.name, "camel")]));
  const lines = ['import * as pulumi from "@pulumi/pulumi";', 'import * as langsmith from "pulumi-langsmith";', ""];
  if (program.secrets.length > 0) lines.push("const config = new pulumi.Config();", "");
  for (const resource of program.resources) {
    lines.push(
      `const ${variables.get(resource.name)} = new langsmith.${className(resource.token)}(${JSON.stringify(resource.name)}, ${value(resource.inputs, 0, variables)});`,
    );
  }
  lines.push("");
  return `${lines.join("\n")}`;
}
