/**
 * Pulumi package-schema types, and the translation of a field's zod
 * validator into one: the validators are the single description of a field's
 * type, so the schema is derived from them (through zod's JSON Schema
 * output), never written by hand.
 */
import { z } from "zod";
import { UNKNOWN } from "../engine/fields/values";

/** A property type of a Pulumi package schema (the subset this provider uses). */
export type PulumiTypeSpec =
  | { type: "string" | "number" | "integer" | "boolean" }
  | { type: "array"; items: PulumiTypeSpec }
  | { type: "object"; additionalProperties: PulumiTypeSpec }
  | { $ref: string };

/** A property of a resource, function or object type in the schema. */
export type PulumiPropertySpec = PulumiTypeSpec & {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  default?: unknown;
  /** Where a default comes from (config variables only): the environment variables read, in order. */
  defaultInfo?: { environment: string[] };
  willReplaceOnChanges?: boolean;
};

/** An object type of the schema (`types` section). */
export interface PulumiObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PulumiPropertySpec>;
  required?: string[];
}

/** One value of an enum type: the value on the wire and the constant's name in the SDKs. */
export interface PulumiEnumValueSpec {
  name: string;
  value: string;
  description?: string;
}

/** An enum type of the schema (`types` section): the SDKs get a named type with a constant per value. */
export interface PulumiEnumTypeSpec {
  type: "string";
  description?: string;
  enum: PulumiEnumValueSpec[];
}

/** A named type of the schema: an object or an enum. */
export type PulumiNamedTypeSpec = PulumiObjectTypeSpec | PulumiEnumTypeSpec;

/** Defines a named type and answers its `$ref`. */
export type DefineType = (name: string, spec: PulumiNamedTypeSpec) => string;

/** An enum value's constant name: its words capitalised and joined (`error_count` → `ErrorCount`, `f-string` → `FString`). */
export function enumValueName(value: string): string {
  const words = value.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const name = words.map((word) => `${word[0]?.toUpperCase() ?? ""}${word.slice(1)}`).join("");
  return /^[A-Za-z]/.test(name) ? name : `Value${name}`;
}

/** Reference to "any value" in a Pulumi schema. */
export const ANY_TYPE: PulumiTypeSpec = { $ref: "pulumi.json#/Any" };

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  /** A Pulumi type a validator names itself (`.meta({ "x-pulumi-type": "pulumi.json#/Archive" })`). */
  "x-pulumi-type"?: string;
};

/** Whether a JSON Schema branch only stands for "unknown during preview" or `null`. */
function isPlaceholder(schema: JsonSchema): boolean {
  return schema.const === UNKNOWN || schema.type === "null";
}

/**
 * The Pulumi type of a JSON Schema. Nested objects with named properties
 * become object types registered through `defineObject` (which returns the
 * `$ref`); maps become `additionalProperties`; unions of more than one real
 * branch become `Any`. Every type, property and enum value it defines gets a
 * description, from the schema's own or from `doc` (whose value it is).
 */
function fromJsonSchema(schema: JsonSchema, name: string, defineObject: DefineType, doc: string): PulumiTypeSpec {
  const named = schema["x-pulumi-type"];
  if (named !== undefined) return { $ref: named };
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches !== undefined) {
    const real = branches.filter((branch) => !isPlaceholder(branch));
    return real.length === 1 ? fromJsonSchema(real[0] as JsonSchema, name, defineObject, doc) : ANY_TYPE;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "string" && schema.enum !== undefined && schema.enum.every((value) => typeof value === "string")) {
    const values = (schema.enum as string[]).filter((value) => value !== UNKNOWN);
    const enumValues = values.map((value) => ({ name: enumValueName(value), value, description: `\`${value}\`, as the service names it.` }));
    return { $ref: defineObject(name, { type: "string", description: `The values of ${doc}`, enum: enumValues }) };
  }
  switch (type) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return { type };
    case "array":
      return { type: "array", items: schema.items ? fromJsonSchema(schema.items, `${name}Item`, defineObject, `one item of ${doc}`) : ANY_TYPE };
    case "object": {
      if (schema.properties !== undefined && Object.keys(schema.properties).length > 0) {
        const properties: Record<string, PulumiPropertySpec> = {};
        for (const [key, value] of Object.entries(schema.properties)) {
          const description = value.description ?? value.anyOf?.find((branch) => branch.description !== undefined)?.description;
          const keyDoc = `\`${key}\` of ${doc}`;
          properties[key] = {
            ...fromJsonSchema(value, `${name}${key[0]?.toUpperCase() ?? ""}${key.slice(1)}`, defineObject, keyDoc),
            description: description ?? `The ${keyDoc}`,
          };
        }
        return {
          $ref: defineObject(name, {
            type: "object",
            description: `An object of ${doc}`,
            properties,
            ...(schema.required ? { required: [...schema.required] } : {}),
          }),
        };
      }
      return { type: "object", additionalProperties: ANY_TYPE };
    }
    default:
      return ANY_TYPE;
  }
}

/**
 * The Pulumi type of a zod validator, `name` naming the object types it may
 * define (e.g. `DeploymentSecret`), `doc` saying whose value it is (e.g.
 * "a Deployment's `secrets`"), for the descriptions of the types it defines
 * and of their properties and values; default `name`.
 */
export function pulumiTypeOf(schema: z.ZodType, name: string, defineObject: DefineType, doc: string = name): PulumiTypeSpec {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return fromJsonSchema(json, name, defineObject, doc);
}
