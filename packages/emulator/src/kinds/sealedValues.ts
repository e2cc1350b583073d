/**
 * Secret values inside the free-form configuration of notification targets
 * (an alert's PagerDuty integration key or webhook headers, a rule's
 * PagerDuty routing key or webhook headers): kept encrypted at rest in a
 * hidden field, answered as {@link MASK}. A value sent back as the mask (a
 * read, changed elsewhere and written back) keeps the stored secret.
 */
import type { EmulatorContext } from "../core/context";
import { detailError } from "../http/errors";

/** What an answer shows in place of a secret value. */
export const MASK = "****";

/** The hidden wire field holding the encrypted values, by their path in the object (`actions.0.config.integration_key`). */
export const SEALED_FIELD = "sealed_values";

/** Whether a value under `key` (of an object under `parentKey`) is a secret: every header value, and keys, tokens, secrets and passwords. */
export function isSecretKey(key: string, parentKey: string | undefined): boolean {
  return parentKey === "headers" || /(^|_)(key|token|secret|password|authorization)$/i.test(key);
}

/**
 * Walks `value` (a copy is returned), encrypting each secret string into
 * `sealed` under its path and putting {@link MASK} in its place. A secret sent
 * as the mask keeps the value `previous` held at `previousPath(path)` (400 when
 * there is none: the mask is not a value).
 */
export function sealSecretValues(
  ctx: EmulatorContext,
  value: unknown,
  path: string,
  sealed: Record<string, string>,
  previous: Readonly<Record<string, string>>,
  previousPath: (path: string) => string,
  key?: string,
  parentKey?: string,
): unknown {
  if (Array.isArray(value)) return value.map((item, i) => sealSecretValues(ctx, item, `${path}.${i}`, sealed, previous, previousPath, key, parentKey));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        sealSecretValues(ctx, v, path === "" ? k : `${path}.${k}`, sealed, previous, previousPath, k, key),
      ]),
    );
  }
  if (typeof value !== "string" || key === undefined || !isSecretKey(key, parentKey)) return value;
  if (value === MASK) {
    const kept = previous[previousPath(path)];
    if (kept === undefined) throw detailError(400, `${path} is the mask ${MASK} of a stored secret, and none is stored there: send the value`);
    sealed[path] = kept;
  } else {
    sealed[path] = ctx.secrets.encrypt(value);
  }
  return MASK;
}

/** The secrets of a stored object in plaintext, by path (for the emulator's control handle; never answered by the API). */
export function unsealValues(ctx: EmulatorContext, wire: Readonly<Record<string, unknown>>): Record<string, string> {
  const sealed = (wire[SEALED_FIELD] ?? {}) as Record<string, string>;
  return Object.fromEntries(Object.entries(sealed).map(([path, value]) => [path, ctx.secrets.decrypt(value)]));
}
