/**
 * The `ignoreChanges` resource option in Diff and Update. The engine already
 * puts the old inputs' values into the new inputs at ignored paths; what it
 * cannot do is hide drift that a refresh recorded in the outputs, which the
 * cores compare with. Here an ignored path covers everything under it, as
 * the engine's property paths do (`config` covers `config.bucketName`;
 * `secrets[*].value` every secret's value).
 */
import { coversPath, isRecord, parsePropertyPath, type PathSegment } from "../fields/paths";

/** Whether `path` (a core's dotted path, e.g. `config.bucketName`) is covered by one of `ignored`. */
export function isIgnoredPath(path: string, ignored: readonly string[]): boolean {
  const segments = parsePropertyPath(path);
  return ignored.some((pattern) => coversPath(parsePropertyPath(pattern), segments));
}

/**
 * The old outputs with the new inputs' values at every ignored path, so
 * the cores see no change there (and an update sends none). A path the new
 * inputs do not hold is removed from the copy.
 */
export function withIgnoredFromNews(olds: Record<string, unknown>, news: Record<string, unknown>, ignored: readonly string[]): Record<string, unknown> {
  if (ignored.length === 0) return olds;
  const out = structuredClone(olds);
  for (const pattern of ignored) copyAt(out, news, parsePropertyPath(pattern));
  return out;
}

/** Copies `from`'s value at `path` into `to` (`*` steps through every key or index both hold). */
function copyAt(to: unknown, from: unknown, path: readonly PathSegment[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !isContainer(to)) return;
  const keys = head === "*" ? Object.keys(to) : [String(head)];
  for (const key of keys) {
    const source = isContainer(from) ? (from as Record<string, unknown>)[key] : undefined;
    const target = to as Record<string, unknown>;
    if (rest.length === 0) {
      if (source === undefined) delete target[key];
      else target[key] = structuredClone(source);
    } else {
      copyAt(target[key], source, rest);
    }
  }
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return isRecord(value) || Array.isArray(value);
}
