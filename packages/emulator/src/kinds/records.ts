/**
 * A declared kind's stored records (`KindRecord`, under the kind's name in
 * the state's `objects`) and how they cross the wire: an answer renders a
 * record less its hidden and secret fields, with its masked ones masked;
 * a write seals its secret and masked fields (encrypted at rest), which only
 * the control handle unseals.
 */
import type { EmulatorContext } from "../core/context";
import type { KindRecord } from "../core/types";
import type { KindDeclaration } from "./declaration";

/** The records of a kind (created on first use). */
export function kindRecords(ctx: EmulatorContext, name: string): KindRecord[] {
  const objects = ctx.store.state.objects;
  objects[name] ??= [];
  return objects[name];
}

/** What an answer shows in place of a masked value (see `masked`). */
export const MASKED_VALUE = "****";

/** A masked field as answered: a string as the mask, an object with each value as the mask, `null` as is. */
function maskValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "object" && !Array.isArray(value)) return Object.fromEntries(Object.keys(value).map((key) => [key, MASKED_VALUE]));
  return MASKED_VALUE;
}

/** The answer for one stored object: its wire fields less the hidden and secret ones (masked ones masked), plus what `render` adds. */
export function renderRecord(kind: KindDeclaration, record: KindRecord, ctx: EmulatorContext): Record<string, unknown> {
  const out = { ...record.wire, ...(kind.render?.(record, ctx) ?? {}) };
  for (const key of [...(kind.hidden ?? []), ...(kind.secret ?? [])]) delete out[key];
  for (const key of kind.masked ?? []) if (key in out) out[key] = maskValue(out[key]);
  return out;
}

/** The plaintext of a stored masked field (for the control handle; never answered): a string, or an object of its values. */
export function unsealMasked(ctx: EmulatorContext, sealed: unknown): unknown {
  if (typeof sealed === "string") return ctx.secrets.decrypt(sealed);
  if (sealed === null || typeof sealed !== "object") return sealed;
  return Object.fromEntries(
    Object.entries(sealed).map(([key, value]) => [key, typeof value === "string" ? (JSON.parse(ctx.secrets.decrypt(value)) as unknown) : value]),
  );
}

/** Encrypts the kind's secret and masked fields of `fields` in place (a `null` stays `null`; an object's values each). */
export function sealSecrets(ctx: EmulatorContext, kind: KindDeclaration, fields: Record<string, unknown>): void {
  for (const key of [...(kind.secret ?? []), ...(kind.masked ?? [])]) {
    const value = fields[key];
    if (typeof value === "string") fields[key] = ctx.secrets.encrypt(value);
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && (kind.masked ?? []).includes(key)) {
      fields[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, ctx.secrets.encrypt(JSON.stringify(v))]));
    }
  }
}
