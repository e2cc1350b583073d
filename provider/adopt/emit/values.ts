/**
 * What the three emitters share: the property types of the package schema (a
 * Python program writes an object type's keys in snake case, a map's as they
 * are), and how a name becomes an identifier of each language.
 */
import type { PackageSchema } from "../../native/schema";

/** A property's type in the package schema (the part the emitters read). */
export interface PropertyType {
  readonly $ref?: string;
  readonly type?: string;
  readonly items?: PropertyType;
  readonly additionalProperties?: PropertyType;
}

/** The properties of an object type named by `$ref` (`#/types/<token>`), or none. */
export function objectProperties(schema: PackageSchema, type: PropertyType | undefined): Readonly<Record<string, PropertyType>> | undefined {
  const ref = type?.$ref;
  if (ref === undefined || !ref.startsWith("#/types/")) return undefined;
  const declared = (schema.types as Record<string, { properties?: Record<string, PropertyType>; enum?: unknown }> | undefined)?.[ref.slice("#/types/".length)];
  return declared?.enum !== undefined ? undefined : declared?.properties;
}

/** The input properties of a resource's type token. */
export function inputProperties(schema: PackageSchema, token: string): Readonly<Record<string, PropertyType>> {
  return ((schema.resources as Record<string, { inputProperties?: Record<string, PropertyType> }>)[token]?.inputProperties ?? {}) as Record<
    string,
    PropertyType
  >;
}

/** Python's name of a property, as Pulumi's Python generator spells it: `workspaceId` is `workspace_id`. */
export function pythonName(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/** An identifier made of a resource name: `project-support-traces` is `projectSupportTraces` (`snake`: `project_support_traces`). */
export function identifier(name: string, style: "camel" | "snake"): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const joined = style === "snake" ? words.join("_").toLowerCase() : words.map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join("");
  return /^[0-9]/.test(joined) ? `r${style === "snake" ? "_" : ""}${joined}` : joined;
}

/** The class of a type token: `Project` of `langsmith:index:Project`. */
export function className(token: string): string {
  return token.split(":")[2] ?? token;
}
