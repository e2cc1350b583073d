/**
 * Redaction of text that comes from the server before it reaches an error
 * message. The service may echo request values (a 422 `input`, a `detail`
 * quoting a field) and deployment responses carry secret values in plaintext,
 * so every server-provided string is scrubbed of every known secret.
 */

/** Replacement text for a redacted value. */
export const REDACTED = "[REDACTED]";

/** Longest server-provided text kept in an error message, in characters (default 300). */
export const MAX_DETAIL_CHARS = 300;

const SENSITIVE_KEY =
  /^(value|input|ctx|credentials)$|secret_|_secret|token|password|passwd|api[_-]?key|access[_-]?key|authorization/i;

/**
 * Collect every string (and number/boolean, as text) found under a
 * sensitive-looking key anywhere in a parsed JSON value, including everything
 * nested below such a key. Sensitive keys: `value`, `input`, `ctx`,
 * `credentials`, and names containing `secret_`, `_secret`, `token`,
 * `password`, `api_key`, `access_key` or `authorization`.
 */
export function collectSensitiveStrings(json: unknown, out: Set<string> = new Set()): Set<string> {
  walk(json, false, out, 0);
  return out;
}

function walk(node: unknown, sensitive: boolean, out: Set<string>, depth: number): void {
  if (depth > 32) return;
  if (typeof node === "string") {
    if (sensitive) out.add(node);
    return;
  }
  if (typeof node === "number" || typeof node === "boolean") {
    if (sensitive) out.add(String(node));
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) walk(item, sensitive, out, depth + 1);
    return;
  }
  if (node !== null && typeof node === "object") {
    for (const [key, child] of Object.entries(node)) {
      walk(child, sensitive || SENSITIVE_KEY.test(key), out, depth + 1);
    }
  }
}

/**
 * Replace every occurrence of every secret in `text` with {@link REDACTED}
 * (longest secrets first, empty strings ignored), drop control characters and
 * truncate to `maxChars` (default {@link MAX_DETAIL_CHARS}).
 */
export function redactText(text: string, secrets: Iterable<string>, maxChars: number = MAX_DETAIL_CHARS): string {
  const sorted = [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  let result = text;
  for (const secret of sorted) result = result.split(secret).join(REDACTED);
  // eslint-disable-next-line no-control-regex
  result = result.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (result.length > maxChars) result = `${result.slice(0, maxChars)}…`;
  return result;
}
