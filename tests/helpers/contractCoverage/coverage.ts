/**
 * Contract coverage of a kind: every property of the request bodies it
 * sends, and of the object the service answers, set against what the kind
 * maps (an input's wire path, an output's) and what is listed as left out
 * on purpose (./leftOut.ts). Properties are the leaves of the bodies' JSON
 * schemas, as dotted wire paths (`rule.threshold`; an array's items as
 * `actions[]`); a mapped path covers everything beneath it.
 */
import { z } from "zod";
import type { LangSmithResource } from "../../../provider/engine/resource";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
};

/** The leaf property paths of a zod schema (objects walked, a list of objects as `path[]`, unions merged, `null` ignored). */
export function leafPaths(schema: z.ZodType, io: "input" | "output"): string[] {
  const root = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
  const paths = new Set<string>();
  const resolve = (node: JsonSchema): JsonSchema => (node.$ref !== undefined ? (root.$defs?.[node.$ref.split("/").pop() as string] ?? {}) : node);
  const isNull = (node: JsonSchema) => node.type === "null";
  const variantsOf = (node: JsonSchema): JsonSchema[] =>
    [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].map(resolve).filter((variant) => !isNull(variant));
  const hasProperties = (node: JsonSchema): boolean =>
    (node.properties !== undefined && Object.keys(node.properties).length > 0) || variantsOf(node).some(hasProperties);
  const walk = (raw: JsonSchema, path: string, depth: number): void => {
    const node = resolve(raw);
    if (depth > 8) {
      paths.add(path);
      return;
    }
    const variants = variantsOf(node);
    if (variants.length > 0) {
      for (const variant of variants) walk(variant, path, depth + 1);
      return;
    }
    if (node.properties !== undefined && Object.keys(node.properties).length > 0) {
      for (const [key, child] of Object.entries(node.properties)) if (!key.startsWith("__")) walk(child, path === "" ? key : `${path}.${key}`, depth + 1);
      return;
    }
    if (node.items !== undefined && hasProperties(resolve(node.items))) {
      walk(node.items, `${path}[]`, depth + 1);
      return;
    }
    if (path !== "") paths.add(path);
  };
  walk(root, "", 0);
  // A body that is a list (a workspace secret's upsert) is a list of the kind's objects: their properties.
  return [...paths].map((path) => (path.startsWith("[].") ? path.slice(3) : path)).sort();
}

/** Whether `path` is `mapped` or beneath it (`rule.threshold` under `rule`; `actions[].type` under `actions`). */
function covers(mapped: string, path: string): boolean {
  return path === mapped || path.startsWith(`${mapped}.`) || path.startsWith(`${mapped}[]`);
}

/** One kind's coverage. */
export interface KindCoverage {
  readonly token: string;
  /** Request properties: mapped to an input, listed, or neither. */
  readonly request: { readonly total: number; readonly mapped: string[]; readonly listed: string[]; readonly unmapped: string[] };
  /** Response properties: an input read back, an output, listed, or neither. */
  readonly response: { readonly total: number; readonly mapped: string[]; readonly listed: string[]; readonly unmapped: string[] };
}

/** Properties every object has that the engine itself reads (ids, the workspace, timestamps the outputs do not name). */
const ENGINE_READS = ["id", "tenant_id"];

/** The coverage of one kind against the left-out lists. */
export function kindCoverage(
  kind: LangSmithResource,
  leftOut: { request?: Readonly<Record<string, string>>; response?: Readonly<Record<string, string>> },
): KindCoverage {
  const inputWires = kind.fields.flatMap((field) => [field.wire, field.createWire].filter((wire): wire is string => typeof wire === "string"));
  const classify = (paths: readonly string[], mappedBy: readonly string[], listed: Readonly<Record<string, string>>) => {
    const mapped: string[] = [];
    const listedPaths: string[] = [];
    const unmapped: string[] = [];
    for (const path of paths) {
      if (mappedBy.some((wire) => covers(wire, path))) mapped.push(path);
      else if (Object.keys(listed).some((entry) => covers(entry, path))) listedPaths.push(path);
      else unmapped.push(path);
    }
    return { total: paths.length, mapped, listed: listedPaths, unmapped };
  };
  const listedOnlyWires = Object.values(kind.listFunction?.listedOnly ?? {}).map((property) => property.wire);
  const requestPaths = [...new Set(kind.contract.requests.flatMap((schema) => leafPaths(schema, "input")))].sort();
  const responsePaths = [...new Set(kind.contract.responses.flatMap((schema) => leafPaths(schema, "output")))].sort();
  return {
    token: kind.token,
    request: classify(requestPaths, inputWires, leftOut.request ?? {}),
    // What a listed object carries beyond the outputs (`listing.listedOnly`) is read from the service's answer too.
    response: classify(responsePaths, [...inputWires, ...kind.contract.outputWires, ...ENGINE_READS, ...listedOnlyWires], leftOut.response ?? {}),
  };
}
