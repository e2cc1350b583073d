/**
 * One resource of the package schema, from its field table (inputs) and its
 * output list: descriptions, defaults, secret flags and `replaceOnChanges`
 * come from the same rows that drive check, diff and the docs. The schema
 * (`schema.ts`) and the lookup functions' outputs (`lookupFunctions.ts`)
 * read it.
 */
import type { FieldSpec } from "../engine/fields/fields";
import type { LangSmithResource } from "../engine/resource";
import { withArticle, withRegistrySections } from "./examples/sections";
import { type DefineType, type PulumiNamedTypeSpec, type PulumiPropertySpec, pulumiTypeOf } from "./pulumiTypes";

/** Name of the Pulumi package (and of the plugin, `pulumi-resource-langsmith`). */
export const PACKAGE_NAME = "langsmith";

/** A resource of the schema. */
export interface ResourceSpec {
  description: string;
  properties: Record<string, PulumiPropertySpec>;
  required: string[];
  inputProperties: Record<string, PulumiPropertySpec>;
  requiredInputs: string[];
}

const capitalize = (text: string): string => `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`;

/** The schema description of a field: its doc, plus what a change does. */
function fieldDescription(field: FieldSpec): string {
  const effect: Record<FieldSpec["effect"], string> = {
    replace: "Changing it replaces the resource.",
    inPlace: "Changing it updates the resource in place.",
    revision: "Changing it makes one new revision.",
    local: "A provider setting: changing it makes no API call.",
    createOnly: "Read at create only.",
  };
  return `${field.doc} ${effect[field.effect]}`;
}

/**
 * The input and output properties of one resource. Fields nested under a
 * dotted path (`sourceConfig.repoUrl`) become object types named after the
 * resource and the group (`DeploymentSourceConfig`).
 */
export function resourceSpec(resource: LangSmithResource, types: Record<string, PulumiNamedTypeSpec>): ResourceSpec {
  const typeName = resource.token.split(":")[2] as string;
  const define: DefineType = (name, spec) => {
    const token = `${PACKAGE_NAME}:index:${name}`;
    types[token] = spec;
    return `#/types/${token}`;
  };
  const inputs: Record<string, PulumiPropertySpec> = {};
  const requiredInputs = new Set<string>();
  const groups = new Map<string, FieldSpec[]>();
  for (const field of resource.fields) {
    const [top, ...rest] = field.path.split(".") as [string, ...string[]];
    if (rest.length === 0) {
      inputs[top] = propertyOf(field, `${typeName}${capitalize(top)}`, define, withArticle(typeName));
      if (field.required) requiredInputs.add(top);
    } else {
      groups.set(top, [...(groups.get(top) ?? []), field]);
    }
  }
  for (const [group, fields] of groups) {
    const properties: Record<string, PulumiPropertySpec> = {};
    const required: string[] = [];
    for (const field of fields) {
      const key = field.path.slice(group.length + 1);
      properties[key] = propertyOf(field, `${typeName}${capitalize(group)}${capitalize(key)}`, define, withArticle(typeName));
      if (field.required) required.push(key);
    }
    const groupDoc = resource.groupDocs?.[group];
    const token = define(`${typeName}${capitalize(group)}`, {
      type: "object",
      ...(groupDoc !== undefined ? { description: groupDoc } : {}),
      properties,
      ...(required.length > 0 ? { required } : {}),
    });
    const secret = fields.every((field) => field.secret);
    const replaces = fields.every((field) => field.effect === "replace");
    const doc = resource.groupDocs?.[group];
    inputs[group] = {
      $ref: token,
      ...(doc !== undefined ? { description: doc } : {}),
      ...(secret ? { secret: true } : {}),
      ...(replaces ? { replaceOnChanges: true } : {}),
    };
    if (required.length > 0) requiredInputs.add(group);
  }
  const properties: Record<string, PulumiPropertySpec> = {};
  for (const [name, spec] of Object.entries(inputs)) {
    if (!resource.inputsNotInOutputs.includes(name)) properties[name] = withoutInputOnly(spec);
  }
  for (const output of resource.outputs) {
    properties[output.name] = { ...output.type, description: output.doc, ...(output.secret ? { secret: true } : {}) };
  }
  return {
    description: withRegistrySections(resource.description, resource.token, resource.importForms),
    properties,
    required: [...requiredInputs].filter((name) => name in properties),
    inputProperties: inputs,
    requiredInputs: [...requiredInputs],
  };
}

/**
 * A property as an output: defaults describe inputs only. `replaceOnChanges`
 * stays: the SDK generators read it from the resource's output properties
 * (that is where they take a resource's replace-on-change paths from).
 */
function withoutInputOnly(spec: PulumiPropertySpec): PulumiPropertySpec {
  const { default: _default, willReplaceOnChanges: _will, ...rest } = spec;
  return rest;
}

function propertyOf(field: FieldSpec, typeName: string, define: DefineType, owner: string): PulumiPropertySpec {
  const type = pulumiTypeOf(field.schema, typeName, define, `${owner}'s \`${field.path}\`: ${field.doc}`);
  const defaultValue = field.default;
  const scalarDefault = typeof defaultValue === "string" || typeof defaultValue === "number" || typeof defaultValue === "boolean";
  return {
    ...type,
    description: fieldDescription(field),
    ...(field.secret ? { secret: true } : {}),
    ...(field.effect === "replace" ? { replaceOnChanges: true } : {}),
    ...(scalarDefault ? { default: defaultValue } : {}),
  };
}
