/**
 * Property values between the protocol and the per-resource cores: secrets
 * arrive wrapped in the engine's secret signature and are unwrapped (the
 * cores compare and send plain values, and fingerprint secrets), and the
 * outputs that must stay secret are wrapped again on the way out.
 */
import { isRecord } from "../engine/fields/paths";

/** The engine's signature key of special values. */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret value. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Whether `value` is a wrapped secret. */
function isSecret(value: unknown): value is { value?: unknown } {
  return isRecord(value) && value[SIG_KEY] === SECRET_SIG;
}

/** `value` wrapped as a secret. */
function secretValue(value: unknown): Record<string, unknown> {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/**
 * Unwraps every secret in `value` and returns the plain value plus the
 * top-level property names that held a secret anywhere inside them.
 */
export function unwrapSecrets(value: Record<string, unknown>): { plain: Record<string, unknown>; secretKeys: Set<string> } {
  const secretKeys = new Set<string>();
  const plain: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const found = { secret: false };
    plain[key] = unwrap(inner, found);
    if (found.secret) secretKeys.add(key);
  }
  return { plain, secretKeys };
}

/** `value` with its secrets unwrapped: the same object where it holds none (most values), so a refresh's reads allocate little. */
function unwrap(value: unknown, found: { secret: boolean }): unknown {
  if (isSecret(value)) {
    found.secret = true;
    return unwrap(value.value, found);
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const inner = unwrap(value[i], found);
      if (inner !== value[i]) (copy ??= value.slice())[i] = inner;
    }
    return copy ?? value;
  }
  if (isRecord(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const inner = unwrap(value[key], found);
      if (inner !== value[key]) (copy ??= { ...value })[key] = inner;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * Outputs as the engine receives them: `undefined` values and the dynamic
 * provider's `__provider` dropped, and the properties named in `secretKeys`
 * wrapped as secrets.
 */
export function outputsForEngine(outputs: Record<string, unknown>, secretKeys: ReadonlySet<string>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(outputs)) {
    if (key === "__provider" || value === undefined) continue;
    const clean = withoutUndefined(value);
    result[key] = secretKeys.has(key) ? secretValue(clean) : clean;
  }
  return result;
}

/** `value` without `undefined` (dropped from records, `null` in lists): the same object where it holds none. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const clean = item === undefined ? null : withoutUndefined(item);
      if (clean !== item) (copy ??= value.slice())[i] = clean;
    }
    return copy ?? value;
  }
  if (isRecord(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const inner = value[key];
      if (inner === undefined) {
        copy ??= { ...value };
        delete copy[key];
        continue;
      }
      const clean = withoutUndefined(inner);
      if (clean !== inner) (copy ??= { ...value })[key] = clean;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * Whether `outputs` (as a step answered them) are what the engine sent as
 * `recorded` (plain): equal JSON, an `undefined` value counting as absent
 * from a record and as `null` in a list, as {@link outputsForEngine} sends
 * them.
 */
export function sameOutputs(outputs: unknown, recorded: unknown): boolean {
  if (outputs === recorded) return true;
  if (Array.isArray(outputs)) {
    if (!Array.isArray(recorded) || outputs.length !== recorded.length) return false;
    return outputs.every((item: unknown, i) => sameOutputs(item === undefined ? null : item, recorded[i]));
  }
  if (isRecord(outputs)) {
    if (!isRecord(recorded)) return false;
    const keys = Object.keys(outputs).filter((key) => outputs[key] !== undefined && key !== "__provider");
    return keys.length === Object.keys(recorded).length && keys.every((key) => key in recorded && sameOutputs(outputs[key], recorded[key]));
  }
  return false;
}

/**
 * Whether the engine's `recorded` properties hold each secret exactly as
 * {@link outputsForEngine} would wrap it: the properties named in
 * `secretKeys` wrapped whole, and no other secret anywhere.
 */
export function wrappedAsSecrets(recorded: Record<string, unknown>, secretKeys: ReadonlySet<string>): boolean {
  return Object.keys(recorded).every((key) => {
    const value = recorded[key];
    if (secretKeys.has(key)) return isSecret(value) && !holdsSecret((value as { value?: unknown }).value);
    return !holdsSecret(value);
  });
}

/** Whether a secret is anywhere in `value`. */
function holdsSecret(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (isRecord(value)) return Object.values(value).some(holdsSecret);
  return false;
}
