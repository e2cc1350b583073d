/**
 * The list functions of the native provider, generated from the registry:
 * `langsmith:index:get<Kinds>` (e.g. `getProjects`) for every kind that
 * declares a listing (`KindDeclaration.listing`). Each takes the kind's
 * scope (`workspaceId`, the parents' ids) and its filters, and answers
 * `{ <kinds>: [...] }` (e.g. `{ projects }`), each object typed
 * `Listed<Kind>`: the resource's output properties, its `id`, and the
 * properties the kind's listing declares beyond them (`listedOnly`).
 */
import type { LangSmithClient } from "../client/client";
import type { OperationContext } from "../engine/context/operation";
import { examplesOf } from "../engine/fields/fieldExamples";
import { BOOKKEEPING_OUTPUTS } from "../engine/kind/listFunction";
import type { LangSmithResource, ListedOnlyProperty, ListFilter } from "../engine/resource";
import { KINDS } from "../registry";
import type { FunctionExample, NativeFunction } from "./nativeFunction";
import type { PulumiNamedTypeSpec, PulumiPropertySpec } from "./pulumiTypes";

/** The prefix of every token of the package. */
export const PREFIX = "langsmith:index:";

/** `Projects` of `Project`, `GatewayPolicies` of `GatewayPolicy`; a name already plural stays (`PlaygroundSettings`). */
function plural(typeName: string): string {
  if (typeName.endsWith("s")) return typeName;
  return /[^aeiou]y$/.test(typeName) ? `${typeName.slice(0, -1)}ies` : /(x|ch|sh)$/.test(typeName) ? `${typeName}es` : `${typeName}s`;
}

/** The type's name in a kind token, e.g. `Project`. */
export const typeNameOf = (kindToken: string): string => kindToken.slice(PREFIX.length);

/** The list function's token of a kind, e.g. `langsmith:index:getProjects` of `langsmith:index:Project`. */
export function listFunctionToken(kindToken: string): string {
  return `${PREFIX}get${plural(typeNameOf(kindToken))}`;
}

/** The result's property holding the objects, e.g. `projects`, `annotationQueues`. */
export function listResultKey(kindToken: string): string {
  const name = plural(typeNameOf(kindToken));
  return `${name[0]?.toLowerCase() ?? ""}${name.slice(1)}`;
}

/** The token of a listed object's type, e.g. `langsmith:index:ListedProject`. */
export function listedTypeToken(kindToken: string): string {
  return `${PREFIX}Listed${typeNameOf(kindToken)}`;
}

/** `annotation queue` of `AnnotationQueue`. */
export function words(typeName: string): string {
  return typeName.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** The schema property of a filter: a list of strings is an array of them, a map of strings an object of them. */
function filterProperty(filter: ListFilter): PulumiPropertySpec {
  if (filter.type === "strings") return { type: "array", items: { type: "string" }, description: filter.doc };
  if (filter.type === "stringMap") return { type: "object", additionalProperties: { type: "string" }, description: filter.doc };
  return { type: filter.type === "uuid" ? "string" : filter.type, description: filter.doc };
}

/** The schema property of a listed-only property. */
function listedOnlyProperty(property: ListedOnlyProperty): PulumiPropertySpec {
  const description = `${property.doc} Listed only: not among the resource's outputs.`;
  return property.type === "stringList" ? { type: "array", items: { type: "string" }, description } : { type: property.type, description };
}

/**
 * The type of a listed object: the resource's output properties (as the
 * schema has them, `replaceOnChanges` and secrets aside), `id`, and the
 * listing's listed-only properties.
 *
 * @param outputProperties the resource's `properties` in the schema.
 * @param listedOnly the properties a listed object carries beyond them (the kind's `listing.listedOnly`); default none (a lookup's answer).
 */
export function listedType(
  kindToken: string,
  outputProperties: Readonly<Record<string, PulumiPropertySpec>>,
  listedOnly: Readonly<Record<string, ListedOnlyProperty>> = {},
): PulumiNamedTypeSpec {
  const properties: Record<string, PulumiPropertySpec> = { id: { type: "string", description: `The ${words(typeNameOf(kindToken))}'s id.` } };
  for (const [name, spec] of Object.entries(outputProperties)) {
    if (BOOKKEEPING_OUTPUTS.has(name) || spec.secret === true) continue;
    const { replaceOnChanges: _replaces, ...rest } = spec;
    properties[name] = rest;
  }
  for (const [name, property] of Object.entries(listedOnly)) {
    if (name in properties) throw new Error(`${kindToken}: the listed-only property ${name} is already one of the resource's outputs`);
    properties[name] = listedOnlyProperty(property);
  }
  const extra = Object.keys(listedOnly).length > 0 ? ", with what the service's list answers beside them" : "";
  return {
    type: "object",
    description: `A ${words(typeNameOf(kindToken))} as \`${listFunctionToken(kindToken).slice(PREFIX.length)}\` lists it: the \`${typeNameOf(kindToken)}\` resource's outputs and its id${extra}.`,
    properties,
    required: ["id"],
  };
}

/** The example value of a parent input, from the kind's field table. */
function parentExample(resource: LangSmithResource, parent: string): unknown {
  const field = resource.fields.find((f) => f.path === parent);
  const example = field === undefined ? undefined : examplesOf(field)[0];
  if (example === undefined) throw new Error(`${resource.token}: its parent input ${parent} has no example`);
  return example.value;
}

/** The list function of a kind as the native provider serves it, or `undefined` when the kind declares none. */
export function nativeListFunction(resource: LangSmithResource): NativeFunction | undefined {
  const listing = resource.listFunction;
  if (listing === undefined) return undefined;
  const token = listFunctionToken(resource.token);
  const noun = words(typeNameOf(resource.token));
  const inputs: Record<string, PulumiPropertySpec> = {};
  if (resource.scope === "workspace")
    inputs["workspaceId"] = { type: "string", description: `Workspace to list; default the provider's \`langsmith:workspaceId\`.` };
  for (const parent of listing.parents)
    inputs[parent] = { type: "string", description: `The ${words(parent.replace(/Id$|Handle$/, ""))} whose ${noun}s to list.` };
  for (const [name, filter] of Object.entries(listing.filters)) inputs[name] = filterProperty(filter);
  if (listing.organizationWide !== undefined) inputs[listing.organizationWide.argument] = { type: "boolean", description: listing.organizationWide.doc };
  const filterNames = Object.keys(listing.filters);
  const where = resource.scope === "workspace" ? "in a workspace" : "in the organization";
  const example: FunctionExample = {
    // A parent's id as its field's example names it (a reference to an object the example program declares).
    args: Object.fromEntries(listing.parents.map((parent) => [parent, parentExample(resource, parent)])),
    output: listResultKey(resource.token),
  };
  return {
    token,
    description:
      `Every ${noun} ${where}, as the \`${typeNameOf(resource.token)}\` resource's outputs with its id, every page read.` +
      (filterNames.length > 0 ? ` Filters: ${filterNames.map((name) => `\`${name}\``).join(", ")}; each given one narrows the list.` : "") +
      (listing.leftOut.length > 0 ? ` The service's list leaves out ${listing.leftOut.map((name) => `\`${name}\``).join(", ")}: unset here.` : "") +
      (Object.keys(listing.listedOnly).length > 0
        ? ` Beside the outputs, what the service's list answers of each: ${Object.keys(listing.listedOnly)
            .map((name) => `\`${name}\``)
            .join(", ")}.`
        : "") +
      " Secret inputs are never returned.",
    inputs,
    requiredInputs: [...listing.parents],
    outputs: {
      [listResultKey(resource.token)]: {
        type: "array",
        items: { $ref: `#/types/${listedTypeToken(resource.token)}` },
        description: `The ${noun}s, in the service's order.`,
      },
    },
    example,
    async run(_client: LangSmithClient, args: Record<string, unknown>, context?: OperationContext) {
      if (context === undefined) throw new Error(`${token}: needs the operation's context`);
      return { [listResultKey(resource.token)]: await listing.run(context, args) };
    },
  };
}

/** Every kind's list function (each kind's module loaded): the schema and the Registry examples read them. */
export function allListFunctions(resources: readonly LangSmithResource[]): NativeFunction[] {
  return resources.flatMap((resource) => nativeListFunction(resource) ?? []);
}

/** The list function of `token`, its kind's module loaded on first use; `undefined` for a token that is not one. */
export function listFunctionFor(token: string): NativeFunction | undefined {
  const kind = KINDS.find((registered) => listFunctionToken(registered.token) === token);
  return kind === undefined ? undefined : nativeListFunction(kind.load());
}
