/**
 * The program `adopt` writes, before it is written in a language: one
 * resource per object found, named from the object's own name (stable and
 * unique), its inputs with the ids of other adopted objects turned into
 * references (a run rule's `projectId` is the project's `id`), each secret
 * the service never returns as a config placeholder, and the resources in an
 * order where every reference comes after what it names.
 */
import type { FieldSpec } from "../engine/fields/fieldSpec";
import { referencedToken } from "../engine/fields/references";
import { getPath, setPath } from "../engine/fields/paths";
import { UUID_PATTERN } from "../engine/fields/validators";
import type { LangSmithResource, Properties } from "../engine/resource";
import type { FoundObject } from "./inventory";

/** A reference to another resource's output in the program. */
export interface Reference {
  readonly reference: string;
  readonly output: "id";
}

/** A secret the program reads from the stack's config. */
export interface SecretPlaceholder {
  readonly configSecret: string;
}

/** A value of the program: plain JSON, a reference, or a secret placeholder. */
export type ProgramValue =
  string | number | boolean | null | readonly ProgramValue[] | { readonly [key: string]: ProgramValue } | Reference | SecretPlaceholder;

/** One resource of the program. */
export interface ProgramResource {
  /** The resource's Pulumi name (unique in the program). */
  readonly name: string;
  /** Type token. */
  readonly token: string;
  /** The service's id (what `pulumi import` takes it by: {@link importId}). */
  readonly id: string;
  readonly importId: string;
  /** Its inputs. */
  readonly inputs: Readonly<Record<string, ProgramValue>>;
}

/** A secret the program needs, and how to give it. */
export interface ProgramSecret {
  /** The stack config key (`pulumi config set --secret <key> ...`). */
  readonly configKey: string;
  /** The resource and input it feeds. */
  readonly resource: string;
  readonly input: string;
}

/** The program: resources in order, and the secrets to set. */
export interface AdoptedProgram {
  readonly resources: readonly ProgramResource[];
  readonly secrets: readonly ProgramSecret[];
  /** Optional secret inputs the service cannot say are set: named in the report. */
  readonly unknownSecrets: readonly { readonly resource: string; readonly input: string }[];
}

/** True for a {@link Reference}. */
export function isReference(value: unknown): value is Reference {
  return typeof value === "object" && value !== null && typeof (value as Reference).reference === "string";
}

/** True for a {@link SecretPlaceholder}. */
export function isSecretPlaceholder(value: unknown): value is SecretPlaceholder {
  return typeof value === "object" && value !== null && typeof (value as SecretPlaceholder).configSecret === "string";
}

const typeNameOf = (token: string): string => token.split(":")[2] ?? token;

/** `agents-dev`, `support-traces`: lower case, `-` between words, letters and digits only. */
export function slug(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
  return words.join("-").slice(0, 60).replace(/-+$/, "");
}

/** `supportTraces` from `support-traces`. */
export function camel(text: string): string {
  return text.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Builds the program from what the inventory found (see the module's comment). */
export function buildProgram(objects: readonly FoundObject[], kinds: readonly LangSmithResource[]): AdoptedProgram {
  const kindOf = new Map(kinds.map((kind) => [kind.token, kind]));
  const taken = new Set<string>();
  const named = objects.map((object) => {
    const base = `${slug(typeNameOf(object.token))}-${slug(object.label ?? object.id.slice(0, 8)) || object.id.slice(0, 8)}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    return { object, name };
  });
  const nameOfId = new Map<string, string>();
  const nameOfTokenId = new Map<string, string>();
  for (const { object, name } of named) {
    nameOfTokenId.set(`${object.token} ${object.id}`, name);
    if (UUID_PATTERN.test(object.id)) nameOfId.set(object.id.toLowerCase(), name);
  }
  const secrets: ProgramSecret[] = [];
  const unknownSecrets: { resource: string; input: string }[] = [];
  const resources = named.map(({ object, name }): ProgramResource => {
    const kind = kindOf.get(object.token);
    // JSON's values only: an input read as undefined (a default left out) is no input.
    const inputs = JSON.parse(JSON.stringify(object.inputs)) as Properties;
    // A secret the program must give: a required one, and one the check asks for (one of two alternatives, e.g. SSO metadata).
    const secretFields = (kind?.fields ?? []).filter((field) => field.secret);
    const needed = new Set(secretFields.filter((field) => field.required).map((field) => field.path));
    if (kind !== undefined) {
      const filled = structuredClone(inputs);
      for (const path of needed) setPath(filled, path, "secret");
      for (const failure of kind.check({}, filled).failures) if (secretFields.some((field) => field.path === failure.property)) needed.add(failure.property);
    }
    for (const field of secretFields) {
      if (needed.has(field.path)) {
        const configKey = `${camel(name)}${field.path
          .split(".")
          .map((part) => part[0]?.toUpperCase() + part.slice(1))
          .join("")}`;
        setPath(inputs, field.path, { configSecret: configKey });
        secrets.push({ configKey, resource: name, input: field.path });
      } else {
        unknownSecrets.push({ resource: name, input: field.path });
      }
    }
    const withReferences = referencing(inputs, kind?.fields ?? [], nameOfId, nameOfTokenId, name);
    return { name, token: object.token, id: object.id, importId: object.importId, inputs: withReferences as Record<string, ProgramValue> };
  });
  return { resources: ordered(resources), secrets, unknownSecrets };
}

/**
 * The inputs with the ids of adopted objects turned into references: a UUID
 * anywhere (ids are UUIDs: no other value has one's shape), and, for a field
 * whose examples name the kind it refers to, an id of that kind in any shape
 * (a prompt's handle).
 */
function referencing(
  inputs: Properties,
  fields: readonly FieldSpec[],
  nameOfId: ReadonlyMap<string, string>,
  nameOfTokenId: ReadonlyMap<string, string>,
  self: string,
): unknown {
  const out = structuredClone(inputs);
  for (const field of fields) {
    const token = referencedToken(field);
    const value = getPath(out, field.path);
    if (token === undefined || typeof value !== "string") continue;
    const target = nameOfTokenId.get(`${token} ${value}`);
    if (target !== undefined && target !== self) setPath(out, field.path, { reference: target, output: "id" });
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === "string" && UUID_PATTERN.test(value)) {
      const target = nameOfId.get(value.toLowerCase());
      return target !== undefined && target !== self ? { reference: target, output: "id" } : value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object" && !isReference(value) && !isSecretPlaceholder(value))
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return walk(out);
}

/** The resources named by a value's references. */
function referencesIn(value: unknown): string[] {
  if (isReference(value)) return [value.reference];
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value !== null && typeof value === "object" && !isSecretPlaceholder(value)) return Object.values(value).flatMap(referencesIn);
  return [];
}

/** The resources in an order where each comes after every resource it refers to (the found order otherwise). */
function ordered(resources: readonly ProgramResource[]): ProgramResource[] {
  const out: ProgramResource[] = [];
  const placed = new Set<string>();
  const pending = [...resources];
  while (pending.length > 0) {
    const index = pending.findIndex((resource) => referencesIn(resource.inputs).every((name) => placed.has(name) || !resources.some((r) => r.name === name)));
    const [next] = pending.splice(index < 0 ? 0 : index, 1);
    if (next === undefined) break;
    out.push(next);
    placed.add(next.name);
  }
  return out;
}
