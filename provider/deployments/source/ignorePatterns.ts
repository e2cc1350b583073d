/**
 * The gitignore-style patterns of `.gitignore` and `.dockerignore`, as
 * langgraph-cli 0.4.40 reads them (Python's pathspec, its `gitwildmatch`
 * patterns): `*`, `?`, `[...]` (with `!` or `^` negating), `**` segments,
 * a leading `/` anchoring to the packed directory, a trailing `/` matching
 * directories only, `!` re-including, `#` comments, `\` escaping. The last
 * pattern that matches a path decides. A path is POSIX and relative to the
 * packed directory; a directory is matched with a trailing `/`.
 */
import { IgnorePatternError } from "./errors";

/** One compiled pattern. */
export interface IgnorePattern {
  /** What the pattern matches, searched in the relative path. */
  readonly regex: RegExp;
  /** `true`: a match leaves the path out; `false` (a `!` pattern): a match takes it back in. */
  readonly excludes: boolean;
}

/** Any character but a newline: what Python's `.` matches. */
const ANY = "[^\\n]";

/** A bracket expression whose range is invalid: the pattern is dropped, as Git does. */
class InvalidRange extends Error {}

function escapeRegex(char: string): string {
  return /[\^$\\.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

/** One path segment's glob as a regular expression (no `/` is ever matched by `*`, `?`). */
function segmentRegex(glob: string): string {
  const chars = Array.from(glob);
  let regex = "";
  let escaping = false;
  let i = 0;
  while (i < chars.length) {
    const char = chars[i] as string;
    i += 1;
    if (escaping) {
      escaping = false;
      regex += escapeRegex(char);
    } else if (char === "\\") {
      escaping = true;
    } else if (char === "*") {
      regex += "[^/]*";
    } else if (char === "?") {
      regex += "[^/]";
    } else if (char === "[") {
      let j = i;
      if (chars[j] === "!" || chars[j] === "^") j += 1;
      if (chars[j] === "]") j += 1;
      while (j < chars.length && chars[j] !== "]") j += 1;
      if (j >= chars.length) throw new InvalidRange();
      j += 1;
      let expression = "[";
      if (chars[i] === "!" || chars[i] === "^") {
        expression += "^";
        i += 1;
      }
      let body = chars.slice(i, j).join("").replace(/\\/g, "\\\\");
      // A `]` first in the set is a literal one in a glob; in a JavaScript set it would close it.
      if (body.startsWith("]")) body = `\\${body}`;
      regex += expression + body;
      i = j;
    } else {
      regex += escapeRegex(char);
    }
  }
  if (escaping) throw new Error("it ends with a backslash that escapes nothing");
  return regex;
}

/** The segments made relative to the packed directory, or the whole regular expression for the patterns that need one. */
function normalizeSegments(segments: string[], isDirectoryPattern: boolean): string[] | string {
  if (segments[0] === "") segments.shift();
  else if (segments.length === 1 || (segments.length === 2 && segments[1] === "")) {
    if (segments[0] !== "**") segments.unshift("**");
  }
  if (segments.length === 0) throw new Error("it is empty once its `!` and slashes are removed");
  if (segments[segments.length - 1] === "") segments[segments.length - 1] = "**";
  for (let i = segments.length - 1; i > 0; i -= 1) {
    if (segments[i - 1] === "**" && segments[i] === "**") segments.splice(i, 1);
  }
  const joined = segments.join("/");
  if (joined === "**") return isDirectoryPattern ? "/" : ANY;
  if (joined === "**/*") return ANY;
  if (joined === "**/*/**") return "/";
  return segments;
}

function segmentsRegex(segments: readonly string[]): string {
  const parts: string[] = [];
  let needSlash = false;
  const end = segments.length - 1;
  segments.forEach((segment, i) => {
    if (segment === "**") {
      if (i === 0) parts.push(`^(?:${ANY}+/)?`);
      else if (i < end) {
        parts.push(`(?:/${ANY}+)?`);
        needSlash = true;
      } else parts.push("/");
      return;
    }
    if (i === 0) parts.push("^");
    if (needSlash) parts.push("/");
    parts.push(segment === "*" ? "[^/]+" : segmentRegex(segment));
    if (i === end) parts.push("(?:/|$)");
    needSlash = true;
  });
  return parts.join("");
}

/**
 * Compiles one line of an ignore file; `undefined` for a line that matches
 * nothing (blank, a comment, a lone `/`, an invalid `[` range). `origin`
 * names the line in errors, e.g. `agent/.gitignore line 3`.
 *
 * @throws {IgnorePatternError} a line that is no pattern (a trailing lone backslash, `!` alone, a range out of order).
 */
export function compileIgnorePattern(line: string, origin: string): IgnorePattern | undefined {
  // Python's rstrip(): trailing whitespace, which counts \x1c-\x1f.
  // eslint-disable-next-line no-control-regex
  let text = line.endsWith("\\ ") ? line : line.replace(/[\s\x1c-\x1f]+$/u, "");
  if (text === "" || text.startsWith("#") || text === "/") return undefined;
  let excludes = true;
  if (text.startsWith("!")) {
    excludes = false;
    text = text.slice(1);
  }
  const segments = text.split("/");
  try {
    const normalized = normalizeSegments(segments, segments[segments.length - 1] === "");
    const source = typeof normalized === "string" ? normalized : segmentsRegex(normalized);
    return { regex: new RegExp(source, "u"), excludes };
  } catch (error) {
    if (error instanceof InvalidRange) return undefined;
    const why = error instanceof Error ? error.message : String(error);
    throw new IgnorePatternError(`reading ignore pattern ${JSON.stringify(line)} (${origin}): ${why}; fix or remove that line`);
  }
}

/** The lines of an ignore file, split where Python's `splitlines` splits. */
export function ignoreFileLines(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  return text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/u);
}

/** An ordered list of patterns: the last one matching a path decides. */
export class IgnoreRules {
  constructor(private readonly patterns: readonly IgnorePattern[]) {}

  /** Whether `path` (POSIX, relative, a directory with a trailing `/`) is left out. */
  ignores(path: string): boolean {
    for (let i = this.patterns.length - 1; i >= 0; i -= 1) {
      const pattern = this.patterns[i] as IgnorePattern;
      if (pattern.regex.test(path)) return pattern.excludes;
    }
    return false;
  }
}
