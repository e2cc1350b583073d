/**
 * The lookup functions of the native provider, generated from the registry:
 * `langsmith:index:get<Kind>` (e.g. `getPrompt`, `getAnnotationQueue`) finds
 * one object of a kind by its id or by its natural key (the forms `pulumi
 * import` takes, e.g. a prompt's `handle`), through the kind's own import
 * read, and answers it as the resource's outputs with its id, or `found:
 * false`. A kind's declaration may add a lookup by its name (a run rule's
 * `displayName`, which several rules may share: an ambiguous name is
 * refused, naming the ids) and a lookup with no key (the organization's only
 * SSO configuration), both answered from the scope's list. A kind whose
 * token a written invoke or a list function already has (`getProject`,
 * `getPlaygroundSettings`) gets none.
 */
import type { LangSmithClient } from "../client/client";
import type { OperationContext } from "../engine/context/operation";
import { examplesOf } from "../engine/fields/fieldExamples";
import { exampleRef } from "../engine/fields/fieldSpec";
import type { LangSmithResource, ListedObject } from "../engine/resource";
import { KINDS } from "../registry";
import { listedType, listFunctionToken, PREFIX, typeNameOf, words } from "./listFunctions";
import type { NativeFunction } from "./nativeFunction";
import type { PulumiPropertySpec } from "./pulumiTypes";
import { resourceSpec } from "./resourceSchema";

/** Thrown when a lookup is not given exactly one of its keys, or not its parents' ids. */
export class LookupArgumentError extends Error {}

/** Thrown when a lookup by a key that is not unique (a name, or none at all) finds several objects; names their ids. */
export class AmbiguousLookupError extends Error {
  constructor(
    message: string,
    /** The ids of the objects that matched, in the service's order. */
    readonly ids: readonly string[],
  ) {
    super(message);
  }
}

/** The lookup's token of a kind, e.g. `langsmith:index:getPrompt`. */
export function lookupFunctionToken(kindToken: string): string {
  return `${PREFIX}get${kindToken.slice(PREFIX.length)}`;
}

/**
 * The arguments an import form names, without the workspace: the parents'
 * (every segment but the last) and the keys (the last segment of each form,
 * e.g. `id` and `handle`, then the name the kind's lookup also takes).
 */
export function lookupArguments(resource: LangSmithResource): { parents: string[]; keys: string[] } {
  const forms = resource.importForms.filter((form) => !form.startsWith("<workspaceId>/")).map((form) => form.split("/").map((part) => part.slice(1, -1)));
  const parents = forms[0]?.slice(0, -1) ?? [];
  const byName = resource.lookup?.byName;
  const keys = [...new Set([...forms.map((parts) => parts[parts.length - 1] as string), ...(byName !== undefined ? [byName] : [])])];
  return { parents, keys };
}

/**
 * The lookup of a kind, or `undefined` when its token is taken (`taken`:
 * the written invokes' and the list functions' tokens).
 */
export function nativeLookupFunction(resource: LangSmithResource, taken: ReadonlySet<string>): NativeFunction | undefined {
  const token = lookupFunctionToken(resource.token);
  if (taken.has(token) || (resource.listFunction !== undefined && listFunctionToken(resource.token) === token)) return undefined;
  const typeName = typeNameOf(resource.token);
  const noun = words(typeName);
  const { parents, keys } = lookupArguments(resource);
  const byName = resource.lookup?.byName;
  const onlyObject = resource.lookup?.onlyObject === true;
  const inputs: Record<string, PulumiPropertySpec> = {};
  if (resource.scope === "workspace")
    inputs["workspaceId"] = { type: "string", description: "Workspace to look in; default the provider's `langsmith:workspaceId`." };
  for (const parent of parents) inputs[parent] = { type: "string", description: `The ${words(parent.replace(/Id$|Handle$/, ""))} the ${noun} is under.` };
  for (const key of keys)
    inputs[key] = {
      type: "string",
      description:
        key === "id"
          ? `The ${noun}'s id.`
          : key === byName
            ? `The ${noun}'s \`${key}\` (exact); a ${key} several ${noun}s share is refused, naming their ids.`
            : `The ${noun}'s \`${key}\` (exact).`,
    };
  const listed = listedType(resource.token, resourceSpec(resource, {}).properties);
  const properties = "properties" in listed ? listed.properties : {};
  const keyWords = keys.map((key) => `\`${key}\``).join(" or ");
  const scopeWords = resource.scope === "workspace" ? "the workspace" : "the organization";
  return {
    token,
    description:
      `Looks a ${noun} up by ${keyWords}${keys.length > 1 ? " (give one)" : ""}${parents.length > 0 ? ` under its ${parents.map((p) => `\`${p}\``).join(" and ")}` : ""}, ` +
      (onlyObject ? `or, given none, answers ${scopeWords}'s only ${noun} (several are refused, naming their ids), ` : "") +
      `and answers it as the \`${typeName}\` resource's outputs with its id, or \`found: false\`. Secret inputs are never returned.`,
    inputs,
    requiredInputs: keys.length === 1 && !onlyObject ? [...parents, ...keys] : [...parents],
    outputs: { found: { type: "boolean", description: `Whether a ${noun} matched; when false, no other property is set.` }, ...properties },
    example: { args: Object.fromEntries([...parents, keys[0] ?? "id"].map((name) => [name, exampleArg(resource, name, parents)])), output: "found" },
    async run(_client: LangSmithClient, args: Record<string, unknown>, context?: OperationContext) {
      if (context === undefined) throw new Error(`${token}: needs the operation's context`);
      const given = keys.filter((key) => typeof args[key] === "string" && args[key] !== "");
      if (given.length > 1 || (given.length === 0 && !onlyObject))
        throw new LookupArgumentError(`looking up ${noun}: give exactly one of ${keyWords}${onlyObject ? ", or none for the only one" : ""}`);
      const path = parents.map((parent) => {
        const value = args[parent];
        if (typeof value !== "string" || value === "") throw new LookupArgumentError(`looking up ${noun}: \`${parent}\` is required`);
        return value;
      });
      const workspaceId = args["workspaceId"];
      const prefix = resource.scope === "workspace" && typeof workspaceId === "string" && workspaceId !== "" ? [workspaceId] : [];
      const key = given[0];
      const value = key === undefined ? undefined : String(args[key]);
      const answer = (imported: Awaited<ReturnType<LangSmithResource["import"]>>, id: string | undefined) => {
        if (imported === undefined) return { found: false };
        const outputs = Object.fromEntries(Object.entries(imported.outputs).filter(([name]) => name in properties));
        return { found: true, ...outputs, id: imported.id ?? id };
      };
      if (key === undefined || (key === byName && !resource.importForms.some((form) => form.endsWith(`<${key}>`)))) {
        const scope = {
          ...(prefix[0] !== undefined ? { workspaceId: prefix[0] } : {}),
          parents: Object.fromEntries(parents.map((p, i) => [p, path[i] as string])),
        };
        const what = key === undefined ? `the only ${noun} of ${scopeWords}` : `${noun} by ${key} "${value ?? ""}"`;
        const one = await onlyMatch(resource, context, scope, (listed) => key === undefined || listed.name === value, what);
        return one === undefined ? { found: false } : answer(await resource.import(context, one.importId), one.id);
      }
      return answer(await resource.import(context, [...prefix, ...path, value as string].join("/")), value);
    },
  };
}

/**
 * The one object of the scope's list that `matches`, `undefined` for none.
 *
 * @throws AmbiguousLookupError when several match, naming their ids.
 */
async function onlyMatch(
  resource: LangSmithResource,
  context: OperationContext,
  scope: { workspaceId?: string; parents: Record<string, string> },
  matches: (listed: ListedObject) => boolean,
  what: string,
): Promise<ListedObject | undefined> {
  if (resource.list === undefined) throw new Error(`${resource.token}: its lookup reads a list, and the kind has none`);
  const found = (await resource.list(context, scope)).filter(matches);
  if (found.length > 1) {
    const ids = found.map((listed) => listed.id);
    throw new AmbiguousLookupError(`looking up ${what}: ${found.length} match (ids ${ids.join(", ")}); look one up by \`id\``, ids);
  }
  return found[0];
}

/** An example value of a lookup's argument: a parent's field example (a reference the program declares), else the key of an object of the kind. */
function exampleArg(resource: LangSmithResource, name: string, parents: readonly string[]): unknown {
  const field = parents.includes(name) ? resource.fields.find((f) => f.path === name) : undefined;
  const example = field === undefined ? undefined : examplesOf(field)[0];
  if (example !== undefined) return example.value;
  return exampleRef(resource.token, name === "id" ? {} : { output: name });
}

/** Every kind's lookup (each kind's module loaded), given the tokens already taken. */
export function allLookupFunctions(resources: readonly LangSmithResource[], taken: ReadonlySet<string>): NativeFunction[] {
  return resources.flatMap((resource) => nativeLookupFunction(resource, taken) ?? []);
}

/** The lookup of `token`, its kind's module loaded on first use; `undefined` for a token that is not one. */
export function lookupFunctionFor(token: string, taken: ReadonlySet<string>): NativeFunction | undefined {
  const kind = KINDS.find((registered) => lookupFunctionToken(registered.token) === token);
  return kind === undefined ? undefined : nativeLookupFunction(kind.load(), taken);
}
