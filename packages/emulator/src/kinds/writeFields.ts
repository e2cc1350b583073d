/**
 * The fields of a write to a declared kind's object: the timestamps it stamps
 * (`timestamps`), the transient fields it drops (`transient`), the contract's
 * marker of a field a `PATCH` leaves alone, and the uniqueness of the stored
 * objects' fields (`unique`, 409).
 */
import { detailError } from "../http/errors";
import type { KindRecord } from "../core/types";
import type { KindDeclaration } from "./declaration";

/** The names of the fields a kind stamps with the time of a create and of a change (see `timestamps`). */
export function stampFields(kind: KindDeclaration): { created?: string; updated?: string } {
  const declared = kind.timestamps;
  if (declared === false) return {};
  return declared === undefined || declared === true ? { created: "created_at", updated: "updated_at" } : declared;
}

/** The stamps of a write at `nowIso`: the update stamp, and the creation stamp for a create. */
export function stampsOf(kind: KindDeclaration, nowIso: string, creating: boolean): Record<string, string> {
  const { created, updated } = stampFields(kind);
  return { ...(creating && created !== undefined ? { [created]: nowIso } : {}), ...(updated !== undefined ? { [updated]: nowIso } : {}) };
}

/** `fields` less the kind's transient ones (read by hooks, not kept). */
export function withoutTransient(kind: KindDeclaration, fields: Record<string, unknown>): Record<string, unknown> {
  const transient = kind.transient ?? [];
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !transient.includes(key)));
}

/** The contract's marker of a field an update leaves alone (`{"__missing__": "__missing__"}`). */
export function isMissingMarker(value: unknown): boolean {
  return value !== null && typeof value === "object" && (value as Record<string, unknown>)["__missing__"] === "__missing__";
}

/** Whether two wire values are equal (as JSON; absent and `null` alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Throws 409 when another object of the scope (and parent) holds the same value of a unique field (or combination). */
export function assertUnique(kind: KindDeclaration, records: readonly KindRecord[], candidate: KindRecord): void {
  for (const entry of kind.unique ?? []) {
    const fields = typeof entry === "string" ? [entry] : entry;
    const taken = records.some(
      (r) =>
        r.id !== candidate.id &&
        r.scopeId === candidate.scopeId &&
        r.parentId === candidate.parentId &&
        fields.every((field) => sameValue(r.wire[field], candidate.wire[field])),
    );
    if (taken) throw detailError(409, `${kind.noun} with this ${fields.join(" and ")} already exists`);
  }
}
