/**
 * Masking of known secrets in text that reaches an error message.
 *
 * Two rules keep redaction from garbling messages or betraying secrets:
 * - Only known secret values are masked: the credentials, the secret fields of
 *   the request body, and the secret fields of a response body (see
 *   {@link collectSensitiveStrings}). Echo fields such as a 422's `input` and
 *   `ctx` are never collected: they are dropped structurally instead (the
 *   error renderer never prints them), so their contents (`min_length: 1`,
 *   an id) cannot turn unrelated text into `[REDACTED]`.
 * - A value shorter than {@link MIN_SECRET_LENGTH} characters is never
 *   substring-masked: masking `1` or `ab` everywhere would garble ids and
 *   numbers and would show where the short value occurs. Such short values
 *   are protected only by not rendering the fields that carry them.
 */

/** Replacement text for a redacted value. */
export const REDACTED = "[REDACTED]";

/** Longest server-provided text kept in an error message, in characters (default 300). */
export const MAX_DETAIL_CHARS = 300;

/**
 * Shortest value masked as a substring, in characters (8). Shorter values
 * (e.g. a one-letter secret, `1`, `true`) are left in the text: masking them
 * would replace unrelated occurrences and reveal where the value appears.
 */
export const MIN_SECRET_LENGTH = 8;

/** Keys whose whole subtree holds secret values. */
const SECRET_KEY = /secret|token|password|passwd|api[_-]?key|access[_-]?key|authorization|credential/i;
/** Keys whose subtree holds names of secrets, not values (Kubernetes secret references). */
const SECRET_NAME_KEYS: ReadonlySet<string> = new Set(["secret_references"]);
/** Keys that echo request input in error bodies; never collected (they are never rendered either). */
const ECHO_KEYS: ReadonlySet<string> = new Set(["input", "ctx"]);
/** Deepest nesting walked. */
const MAX_DEPTH = 32;

/** How a subtree is treated while collecting. */
type Mode = "plain" | "secret" | "secretList";

/**
 * Collect the secret strings of a parsed JSON body (a request body, or a
 * response body that may carry a deployment's plaintext secrets):
 * - every string below a key containing `secret`, `token`, `password`,
 *   `passwd`, `api_key`, `access_key`, `authorization` or `credential`
 *   (so destination `credentials`, `secret_access_key`, `session_token`);
 * - in a `secrets` list, every field of each entry but its `name` (the `value`);
 * - never below `secret_references` (names of Kubernetes secrets) nor
 *   below `input` or `ctx` (a 422's echo of the request, never rendered).
 *
 * Strings shorter than {@link MIN_SECRET_LENGTH} are collected too (callers
 * may want them), but {@link redactText} does not mask them.
 *
 * @param out set to add to; default a new set
 * @returns `out`
 */
export function collectSensitiveStrings(json: unknown, out: Set<string> = new Set()): Set<string> {
  walk(json, "plain", out, 0);
  return out;
}

function childMode(mode: Mode, key: string): Mode | undefined {
  if (ECHO_KEYS.has(key) || SECRET_NAME_KEYS.has(key)) return undefined;
  if (mode === "secret") return "secret";
  if (mode === "secretList") return key === "name" ? "plain" : "secret";
  if (key === "secrets") return "secretList";
  return SECRET_KEY.test(key) ? "secret" : "plain";
}

function walk(node: unknown, mode: Mode, out: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (typeof node === "string") {
    if (mode === "secret") out.add(node);
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) walk(item, mode, out, depth + 1);
    return;
  }
  if (node !== null && typeof node === "object") {
    for (const [key, child] of Object.entries(node)) {
      const next = childMode(mode, key);
      if (next !== undefined) walk(child, next, out, depth + 1);
    }
  }
}

/**
 * The values of `secrets` that {@link redactText} masks: distinct, at least
 * {@link MIN_SECRET_LENGTH} characters long, longest first.
 */
export function maskableSecrets(secrets: Iterable<string>): string[] {
  return [...new Set(secrets)].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/**
 * Replace every occurrence of every secret of at least
 * {@link MIN_SECRET_LENGTH} characters in `text` with {@link REDACTED}
 * (longest first), turn control characters into spaces and truncate to
 * `maxChars` characters (default {@link MAX_DETAIL_CHARS}, then `…`).
 */
export function redactText(text: string, secrets: Iterable<string>, maxChars: number = MAX_DETAIL_CHARS): string {
  let result = text;
  for (const secret of maskableSecrets(secrets)) result = result.split(secret).join(REDACTED);
  // eslint-disable-next-line no-control-regex
  result = result.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (result.length > maxChars) result = `${result.slice(0, maxChars)}…`;
  return result;
}
