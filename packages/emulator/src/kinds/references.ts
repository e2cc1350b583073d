/**
 * References between declared kinds' objects (`references`, `parent`): a write
 * naming an object its scope does not have answers 404, and deleting an
 * object deletes (or unsets the field of) what depends on it, transitively.
 */
import type { EmulatorContext } from "../core/context";
import { detailError } from "../http/errors";
import type { KindRecord } from "../core/types";
import type { KindDeclaration, KindReference } from "./declaration";
import type { KindCall } from "./kindCall";
import { kindRecords } from "./records";

/** The kind a reference names, and what deleting the named object does to the referrer. */
function referenceOf(reference: KindReference): { kind: string; onDelete: "delete" | "unset" } {
  return typeof reference === "string" ? { kind: reference, onDelete: "delete" } : reference;
}

/** Throws 404 when a reference field of `fields` names an object the scope does not have. */
export function assertReferences(ctx: EmulatorContext, kind: KindDeclaration, fields: Record<string, unknown>, scopeId: string): void {
  for (const [field, reference] of Object.entries(kind.references ?? {})) {
    const id = fields[field];
    if (typeof id !== "string") continue;
    if (!kindRecords(ctx, referenceOf(reference).kind).some((r) => r.id === id.toLowerCase() && r.scopeId === scopeId)) {
      throw detailError(404, `${field.replace(/_id$/, "").replace(/_/g, " ")} ${id} not found`);
    }
  }
}

/** The fields of a kind's references whose deletion does `onDelete` to it. */
function referenceFields(kind: KindDeclaration | undefined, onDelete: "delete" | "unset"): string[] {
  return Object.entries(kind?.references ?? {})
    .filter(([, reference]) => referenceOf(reference).onDelete === onDelete)
    .map(([field]) => field);
}

/**
 * Deletes a stored object and, transitively, the objects under it (`parentId`)
 * and the objects of the app's kinds that reference it (`references`; a
 * reference that is `unset` on delete is set to `null` instead). With `call`,
 * each dependent deleted is handed to its kind's `afterDelete`.
 */
export function removeWithDependents(ctx: EmulatorContext, kinds: readonly KindDeclaration[], first: KindRecord, call?: KindCall): void {
  const state = ctx.store.state;
  const gone = new Set([first.id]);
  const dependents: [KindDeclaration | undefined, KindRecord][] = [];
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, records] of Object.entries(state.objects)) {
      const kind = kinds.find((k) => k.name === name);
      const fields = referenceFields(kind, "delete");
      const dependent = (r: KindRecord): boolean =>
        gone.has(r.id) || (r.parentId !== null && gone.has(r.parentId)) || fields.some((f) => gone.has(String(r.wire[f])));
      for (const r of records.filter(dependent)) {
        if (!gone.has(r.id)) {
          gone.add(r.id);
          grew = true;
        }
        if (r !== first) dependents.push([kind, r]);
      }
      state.objects[name] = records.filter((r) => !dependent(r));
    }
  }
  for (const [name, records] of Object.entries(state.objects)) {
    for (const field of referenceFields(
      kinds.find((k) => k.name === name),
      "unset",
    )) {
      for (const r of records) if (gone.has(String(r.wire[field]))) r.wire[field] = null;
    }
  }
  if (call !== undefined) for (const [kind, r] of dependents) kind?.afterDelete?.(r, call);
}
