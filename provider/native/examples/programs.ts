/**
 * The example programs of the Registry's pages, made from the registry: for
 * each resource, the smallest object of its first variant (its required
 * inputs, and those another input requires) with the objects it refers to;
 * for each invoke, the call of its {@link FunctionExample} with the objects
 * its arguments refer to. Written in PCL, the language `pulumi convert` and
 * `pulumi import --out` go through; Pulumi's own program generators render
 * each into TypeScript, Python, Go, C# and YAML (`scripts/generate-examples.mjs`).
 * Values are the field tables' examples made readable: test prefixes dropped,
 * placeholders filled with plausible values, secret strings read from stack config.
 * A kind or an invoke added later gets its example with no work of its own.
 */
import { exampleIn, fillPlaceholders, inSmallestObject, mapExample, variantsOf } from "../../engine/fields/fieldExamples";
import type { ExampleReference } from "../../engine/fields/fieldSpec";
import type { LangSmithResource } from "../../engine/resource";
import type { NativeFunction } from "../nativeFunction";

/** The values the examples' placeholders take on the Registry's pages. */
const READABLE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  "s3.bucket": "acme-trace-exports",
  "s3.region": "us-east-1",
  "s3.endpoint": "https://s3.us-east-1.amazonaws.com",
  uuid: "6b0e3c52-7f4a-4d1e-9c8b-2a5f0d3e1b47",
  canary: "example-token",
};

/** Loads a registered kind by its type token (the registry's `loadKind`). */
export type KindLoader = (token: string) => LangSmithResource | undefined;

const lowerFirst = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
const upperFirst = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
/** The type name of a token, e.g. `Project` for `langsmith:index:Project`. */
export const typeNameOf = (token: string): string => token.split(":")[2] ?? token;

/** A string as the examples show it: the matrix's test prefixes dropped, placeholders filled. */
function readable(text: string): string {
  return fillPlaceholders(text.replace(/\bmatrix[-_ ]/gi, ""), READABLE_PLACEHOLDERS);
}

/** An expression of PCL: written as is. */
class Expression {
  constructor(readonly text: string) {}
}

/** A value as a PCL expression. */
function pcl(value: unknown, indent = "  "): string {
  if (value instanceof Expression) return value.text;
  if (typeof value === "string") return JSON.stringify(value).replace(/\$\{/g, "$${").replace(/%\{/g, "%%{");
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map((item) => pcl(item, indent)).join(", ")}]`;
  const inner = `${indent}  `;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => `${inner}${/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : JSON.stringify(key)} = ${pcl(item, inner)}`,
  );
  return entries.length === 0 ? "{}" : `{\n${entries.join("\n")}\n${indent}}`;
}

/** Sets `value` at the dotted `path` of `target`. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

/** A program being written: its config variables, resources (in dependency order) and the rest. */
class ProgramWriter {
  private readonly configs: string[] = [];
  private readonly resources: string[] = [];
  private readonly declared = new Set<string>();

  constructor(private readonly load: KindLoader) {}

  /** Declares the smallest object of `kind` (and, first, what it refers to); answers its name. */
  declare(kind: LangSmithResource): string {
    const name = lowerFirst(typeNameOf(kind.token));
    if (this.declared.has(name)) return name;
    this.declared.add(name);
    const variant = variantsOf(kind.fields)[0];
    const properties: Record<string, unknown> = {};
    for (const field of kind.fields) {
      // A user's smallest object: not what only the matrix's environment needs (an S3-compatible store's endpoint).
      if (!inSmallestObject(kind.fields, field, variant, "registry")) continue;
      const example = exampleIn(field, variant);
      if (example === undefined) continue;
      // A secret string is read from stack config; a secret of another type is written with its placeholders filled
      // (the schema marks the input secret, so the engine keeps it secret all the same).
      const secretString = field.secret && typeof example.value === "string";
      setPath(properties, field.path, secretString ? this.secretConfig(`${name}${field.path.split(".").map(upperFirst).join("")}`) : this.value(example.value));
    }
    this.resources.push(`resource ${name} ${JSON.stringify(kind.token)} ${pcl(properties, "")}\n`);
    return name;
  }

  /** A value of the examples with its references (declaring their objects) and placeholders replaced. */
  value(raw: unknown): unknown {
    return mapExample(raw, (reference) => this.reference(reference), readable);
  }

  /** Stack config `name`, a secret string, as an expression. */
  secretConfig(name: string): Expression {
    this.configs.push(`config ${name} "string" {\n  secret = true\n}\n`);
    return new Expression(name);
  }

  /** The program's text, with `rest` (invokes, outputs) after the resources. */
  text(rest: readonly string[]): string {
    return [...this.configs, ...this.resources, ...rest].join("\n");
  }

  private reference(reference: ExampleReference): Expression {
    const kind = this.load(reference.ref);
    if (kind === undefined) throw new Error(`an example refers to ${reference.ref}, which is not registered`);
    return new Expression(`${this.declare(kind)}.${reference.output ?? "id"}`);
  }
}

/** The example program (PCL) of a resource: its smallest object and what it refers to, exporting its id. */
export function resourceExampleProgram(kind: LangSmithResource, load: KindLoader): string {
  const writer = new ProgramWriter(load);
  const name = writer.declare(kind);
  return writer.text([`output ${name}Id {\n  value = ${name}.id\n}\n`]);
}

/** The example program (PCL) of an invoke: its call, with the objects its arguments refer to, exporting one output. */
export function functionExampleProgram(fn: NativeFunction, load: KindLoader): string {
  const writer = new ProgramWriter(load);
  const args = writer.value(fn.example.args);
  const result = `${lowerFirst(typeNameOf(fn.token).replace(/^get/, ""))}Result`;
  return writer.text([
    `${result} = invoke(${JSON.stringify(fn.token)}, ${pcl(args, "")})\n`,
    `output ${fn.example.output} {\n  value = ${result}.${fn.example.output}\n}\n`,
  ]);
}

/** Every example program, by the token of its resource or invoke. */
export function examplePrograms(kinds: readonly LangSmithResource[], functions: readonly NativeFunction[], load: KindLoader): Record<string, string> {
  const programs: Record<string, string> = {};
  for (const kind of kinds) programs[kind.token] = resourceExampleProgram(kind, load);
  for (const fn of functions) programs[fn.token] = functionExampleProgram(fn, load);
  return programs;
}
