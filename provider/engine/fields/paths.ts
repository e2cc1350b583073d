/** Dotted-path access to JSON-like values (`sourceConfig.repoUrl`, `config.config_kwargs_s3.addressing_style`). */

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Reads a dotted path; `undefined` when any step is missing or not a plain object. */
export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Sets a dotted path, creating plain objects on the way (mutates `target`). */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let current = target;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (!isRecord(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys[keys.length - 1] as string] = value;
}

/** Removes the value at a dotted path, if there is one. */
export function deletePath(target: Record<string, unknown>, path: string): void {
  const keys = path.split(".");
  const container = keys.length === 1 ? target : getPath(target, keys.slice(0, -1).join("."));
  if (isRecord(container)) delete container[keys[keys.length - 1] as string];
}

/**
 * A deep copy of JSON data (records, arrays, strings, numbers, booleans,
 * null), as properties are: cheaper than `structuredClone` for the many
 * small objects of a refresh. Other objects are kept by reference.
 */
export function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => copyJson(item)) as T;
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyJson(value[key]);
  return out as T;
}

/** Unset: absent or null. */
export function isUnset(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** Drops keys whose value is `undefined` (the engine's Struct cannot carry them), recursively in plain objects. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) if (child !== undefined) out[key] = compact(child);
    return out as T;
  }
  return value;
}

/** One step of a Pulumi property path: an object key or an array index (`*`: any key or index). */
export type PathSegment = string | number;

/**
 * A property path as Pulumi writes it: `config.bucketName`, `secrets[0].value`
 * (check failures, detailed diffs, `ignoreChanges`).
 */
export function propertyPath(segments: readonly PathSegment[]): string {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment) || segment === "*") out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/**
 * The segments of a Pulumi property path (`config.bucketName`,
 * `secrets[0].value`, `config["bucket name"]`, `secrets[*].value`); a dotted
 * path of this provider's own (`secrets.0.name`) reads the same way.
 */
export function parsePropertyPath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  const pattern = /([^.[\]]+)|\[(\d+|\*|"(?:[^"\\]|\\.)*")\]/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1]);
    else {
      const inner = match[2] as string;
      segments.push(inner.startsWith('"') ? (JSON.parse(inner) as string) : inner === "*" ? "*" : Number(inner));
    }
  }
  return segments;
}

/** Whether the path `prefix` covers `path` (equal, or an ancestor of it); `*` in `prefix` matches any one step. */
export function coversPath(prefix: readonly PathSegment[], path: readonly PathSegment[]): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((segment, i) => segment === "*" || String(segment) === String(path[i]));
}
