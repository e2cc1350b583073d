/**
 * The YAML programs of the conformance matrix, generated from the registry
 * and the examples each kind's field table carries (FieldSpec.example):
 * - `required`: one object per kind (per variant) with only its required
 *   inputs, in the stack's default workspace;
 * - `full`: one object per kind (per variant) with every input the matrix
 *   sets, each at its `value` (step `value`) or its `changed` value (step
 *   `changed`); references become `${<object>.id}` of the referred kind's
 *   object, declared too, and a changed reference a second object of that
 *   kind (`...Other`).
 * No kind has code here: a kind is in the programs by being registered.
 */
import type { FieldSpec } from "../../../provider/engine/fields/fields";
import type { LangSmithResource } from "../../../provider/engine/resource";
import { registeredKind } from "../../../provider/registry";
import { randomUUID } from "node:crypto";
import type { Versitygw } from "../versitygw";
import { exampleIn, examplesOf, fillPlaceholders, mapExample, variantsOf } from "./examples";
import { inSmallestObject } from "../../../provider/engine/fields/fieldExamples";

/** Which inputs the objects set. */
export type Track = "required" | "full";
/** Which value each input takes. */
export type Step = "value" | "changed";

/** One object of a generated program. */
export interface MatrixObject {
  /** Its name in the program (the URN's last part). */
  readonly name: string;
  readonly kind: LangSmithResource;
  /** The variant it is declared in (fields that exclude one another), if the kind has variants. */
  readonly variant: string | undefined;
  /** `primary`: the kind's object under test; `other`: a second object, the target of changed references. */
  readonly role: "primary" | "other";
  /** The fields it sets, with the value each takes in this step (as written, before references are filled). */
  readonly set: ReadonlyMap<FieldSpec, unknown>;
  /** The fields whose value differs from the `value` step (the change step's expected diff). */
  readonly changed: readonly FieldSpec[];
  /** Fields the change step leaves as they are, with why. */
  readonly unchanged: ReadonlyMap<FieldSpec, string>;
  /** Its properties as the program writes them. */
  readonly properties: Record<string, unknown>;
}

/** A generated program. */
export interface MatrixProgram {
  /** The `resources:` section (YAML), to follow `name:` and `runtime:`. */
  readonly yaml: string;
  readonly objects: readonly MatrixObject[];
  /** Every secret value the program holds (to look for in every output). */
  readonly canaries: readonly string[];
}

/** Options of {@link matrixProgram}. */
export interface MatrixProgramOptions {
  readonly track: Track;
  readonly step: Step;
  /** Values of the `{s3.*}` placeholders. */
  readonly placeholders: Readonly<Record<string, string>>;
  /** The placeholders whose values are secrets (besides `{canary}`). */
  readonly secretPlaceholders: readonly string[];
  /** Makes the canaries of this run unique (e.g. the track). */
  readonly canaryPrefix: string;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The kind's type name, e.g. `RunRule` for `langsmith:index:RunRule`. */
export function typeNameOf(kind: LangSmithResource): string {
  return kind.token.split(":")[2] ?? kind.token;
}

/** Sets `value` at the dotted `path` of `target`. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== "object" || next === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

/** Whether a value holds a reference at any depth. */
function holdsReference(value: unknown): boolean {
  let found = false;
  mapExample(
    value,
    () => (found = true),
    (text) => text,
  );
  return found;
}

/** The workspace-scoped kinds a kind's examples refer to (besides its workspace), at any variant. */
function workspaceReferences(kind: LangSmithResource): string[] {
  const tokens: string[] = [];
  for (const field of kind.fields) {
    if (field.path === "workspaceId") continue;
    for (const example of examplesOf(field)) {
      for (const value of [example.value, example.changed, example.other]) {
        mapExample(
          value,
          (reference) => {
            if (registeredKind(reference.ref)?.load().scope === "workspace") tokens.push(reference.ref);
            return undefined;
          },
          (text) => text,
        );
      }
    }
  }
  return tokens;
}

/**
 * The kinds whose objects must stay in their workspace in the change step:
 * those that refer to workspace-scoped objects, and those referred to (a
 * reference cannot cross workspaces). The others move to the second
 * workspace, which exercises the replacement a `workspaceId` change makes.
 */
function workspaceBoundKinds(kinds: readonly LangSmithResource[]): Set<string> {
  const bound = new Set<string>();
  for (const kind of kinds) {
    const referred = workspaceReferences(kind);
    if (referred.length > 0) bound.add(kind.token);
    for (const token of referred) bound.add(token);
  }
  return bound;
}

/** Generates the program of a track and step from every registered kind (or those given). */
export function matrixProgram(kinds: readonly LangSmithResource[], options: MatrixProgramOptions): MatrixProgram {
  const objects = new Map<string, MatrixObject>();
  const order: string[] = [];
  const bound = workspaceBoundKinds(kinds);
  const canaries = new Set<string>();
  const secretValues = Object.fromEntries(options.secretPlaceholders.map((name) => [name, options.placeholders[name.slice(1, -1)]]));
  for (const value of Object.values(secretValues)) if (value !== undefined) canaries.add(value);

  const declare = (kind: LangSmithResource, variant: string | undefined, role: "primary" | "other"): string => {
    const name = `${lowerFirst(typeNameOf(kind))}${variant === undefined ? "" : upperFirst(variant)}${role === "other" ? "Other" : ""}`;
    if (objects.has(name) || order.includes(name)) return name;
    order.push(name);
    const set = new Map<FieldSpec, unknown>();
    const changed: FieldSpec[] = [];
    const unchanged = new Map<FieldSpec, string>();
    const properties: Record<string, unknown> = {};
    for (const field of kind.fields) {
      const example = exampleIn(field, variant);
      if (example === undefined) continue;
      const minimal = inSmallestObject(kind.fields, field, variant);
      const inProgram = options.track === "required" ? minimal : role === "primary" ? true : minimal || holdsReference(example.value);
      if (!inProgram) continue;
      let raw = role === "other" ? (example.other ?? example.value) : example.value;
      if (options.step === "changed" && role === "primary") {
        if (example.changed === undefined) unchanged.set(field, example.why ?? "no changed value");
        else if (field.path === "workspaceId" && bound.has(kind.token)) unchanged.set(field, "it refers to, or is referred to by, objects of its workspace");
        else {
          raw = example.changed;
          changed.push(field);
        }
      }
      set.set(field, raw);
      const canary = `canary-${options.canaryPrefix}-${name}-${field.path.replace(/\./g, "-")}-${options.step}`;
      const resolved = mapExample(
        raw,
        (reference) => {
          const target = registeredKind(reference.ref)?.load();
          if (target === undefined) throw new Error(`${kind.token} ${field.path}: ${reference.ref} is not registered`);
          const targetName = declare(target, variantsOf(target.fields)[0], reference.other === true ? "other" : "primary");
          return `\${${targetName}.${reference.output ?? "id"}}`;
        },
        (text) => {
          if (text.includes("{canary}")) canaries.add(canary);
          return fillPlaceholders(text, { ...options.placeholders, canary });
        },
      );
      setPath(properties, field.path, field.secret ? { "fn::secret": resolved } : resolved);
    }
    objects.set(name, { name, kind, variant, role, set, changed, unchanged, properties });
    return name;
  };

  for (const kind of kinds) {
    const variants = variantsOf(kind.fields);
    for (const variant of variants.length === 0 ? [undefined] : variants) declare(kind, variant, "primary");
  }
  const list = order.map((name) => objects.get(name) as MatrixObject);
  const yaml = [
    "resources:",
    ...list.flatMap((object) => [`  ${object.name}:`, `    type: ${object.kind.token}`, `    properties: ${JSON.stringify(object.properties)}`]),
  ].join("\n");
  return { yaml: `${yaml}\n`, objects: list, canaries: [...canaries] };
}

/** The placeholders of the examples whose values are secrets: the S3 store's credentials. */
export const S3_SECRET_PLACEHOLDERS = ["{s3.accessKeyId}", "{s3.secretAccessKey}", "{s3.accessKeyId2}", "{s3.secretAccessKey2}"] as const;

/** The values of the examples' placeholders for a program on the S3 store `s3` and its `bucket`: the `{s3.*}` ones, and a new `{uuid}`. */
export function s3Placeholders(s3: Versitygw, bucket: string): Record<string, string> {
  return {
    "s3.endpoint": s3.endpoint,
    "s3.region": s3.region,
    "s3.bucket": bucket,
    "s3.accessKeyId": s3.users.full.accessKeyId,
    "s3.secretAccessKey": s3.users.full.secretAccessKey,
    "s3.accessKeyId2": s3.root.accessKeyId,
    "s3.secretAccessKey2": s3.root.secretAccessKey,
    uuid: randomUUID(),
  };
}
