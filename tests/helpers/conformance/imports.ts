/**
 * The import step of the conformance matrix: Pulumi's bulk import file for
 * one form of the id (`<id>`, `<name>`, `<workspaceId>/<id>`, ... as each
 * kind's reference lists them), filled from a stack's state; and the
 * program `pulumi import --out` generates, with the secrets the service
 * never returns filled as the original program had them.
 */
import { CORE_SCHEMA, load } from "js-yaml";
import { getPath } from "../../../provider/engine/fields/paths";
import type { StackExport } from "../pulumiProject";
import type { MatrixObject } from "./program";

/** One entry of Pulumi's bulk import file. */
export interface ImportEntry {
  readonly type: string;
  readonly name: string;
  readonly id: string;
}

/** The most import forms any of the objects' kinds has. */
export function mostImportForms(objects: readonly MatrixObject[]): number {
  return Math.max(0, ...objects.map((object) => object.kind.importForms.length));
}

/** The id `form` (e.g. `<workspaceId>/<name>`) names a resource by, filled from its state; undefined when a part is unknown. */
export function fillImportForm(
  form: string,
  resource: { id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> },
): string | undefined {
  let missing = false;
  const filled = form.replace(/<([A-Za-z0-9.]+)>/g, (_whole, name: string) => {
    const value =
      name === "id"
        ? resource.id
        : name === "workspaceId"
          ? (resource.outputs?.["tenantId"] ?? resource.inputs?.["workspaceId"])
          : (getPath(resource.outputs, name) ?? getPath(resource.inputs, name));
    if (typeof value !== "string" || value === "") missing = true;
    return String(value);
  });
  return missing ? undefined : filled;
}

/** The imports of one fresh stack: entries by one form number, all found in one workspace. */
export interface ImportGroup {
  /** The form number (index into each kind's import forms). */
  readonly index: number;
  /** The stack's `langsmith:workspaceId`: where a form without `<workspaceId>/` looks; undefined for the default. */
  readonly workspaceId: string | undefined;
  readonly entries: ImportEntry[];
  /** The form each entry's id was written in, by object name. */
  readonly forms: Map<string, string>;
}

/**
 * The import files for the primary objects of a stack: for each form
 * number, each object whose kind has that many forms, by that form. A form
 * without `<workspaceId>/` finds an object in the stack's workspace, so
 * those are grouped by the object's workspace; `problems` names the forms
 * that could not be filled.
 */
export function importGroups(objects: readonly MatrixObject[], exported: StackExport): { groups: ImportGroup[]; problems: string[] } {
  const groups = new Map<string, ImportGroup>();
  const problems: string[] = [];
  const resources = exported.deployment.resources ?? [];
  for (let index = 0; index < mostImportForms(objects); index++) {
    for (const object of objects) {
      const form = object.kind.importForms[index];
      if (object.role !== "primary" || form === undefined) continue;
      const resource = resources.find((r) => r.urn.endsWith(`::${object.name}`));
      if (resource === undefined) {
        problems.push(`${object.name}: not in the stack`);
        continue;
      }
      const id = fillImportForm(form, resource);
      if (id === undefined) {
        problems.push(`${object.name}: ${form} has a part its state does not hold`);
        continue;
      }
      const tenant = resource.outputs?.["tenantId"] ?? resource.inputs?.["workspaceId"];
      const workspaceId = object.kind.scope === "workspace" && !form.includes("<workspaceId>") && typeof tenant === "string" ? tenant : undefined;
      const key = `${index}/${workspaceId ?? ""}`;
      const group = groups.get(key) ?? { index, workspaceId, entries: [], forms: new Map<string, string>() };
      group.entries.push({ type: object.kind.token, name: object.name, id });
      group.forms.set(object.name, form);
      groups.set(key, group);
    }
  }
  return { groups: [...groups.values()], problems };
}

/**
 * The resources of a program `pulumi import --out` wrote (YAML), with every
 * secret input set as the matrix's program set it (the service never
 * returns a secret, so the generated code has a placeholder).
 */
export function generatedWithSecrets(
  generated: string,
  objects: ReadonlyMap<string, MatrixObject>,
): Record<string, { type: string; properties?: Record<string, unknown> }> {
  // The core schema: a timestamp stays the string the program holds.
  const parsed = load(generated, { schema: CORE_SCHEMA }) as { resources?: Record<string, { type: string; properties?: Record<string, unknown> }> } | undefined;
  const resources = parsed?.resources ?? {};
  for (const [name, resource] of Object.entries(resources)) {
    const object = objects.get(name);
    if (object === undefined) continue;
    for (const field of object.set.keys()) {
      if (!field.secret) continue;
      const value = getPath(object.properties, field.path);
      resource.properties ??= {};
      const parts = field.path.split(".");
      let node = resource.properties;
      for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[parts[parts.length - 1] as string] = value;
    }
  }
  return resources;
}
