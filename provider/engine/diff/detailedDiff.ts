/**
 * The one Diff both drivers answer the engine with: the kind's diff (the
 * field table wrapped by its hooks, `../kind/diff.ts`) over the migrated
 * outputs, with `ignoreChanges` applied, and each changed path's kind of
 * change (added, deleted or updated, with or without a replacement),
 * compared with the old outputs, or with the old inputs for the properties
 * kept out of the outputs (secrets). The native server turns it into the
 * protocol's DiffResponse; the dynamic driver answers its fields.
 */
import { getPath } from "../fields/paths";
import type { LangSmithResource, Properties } from "../resource";
import { isIgnoredPath, withIgnoredFromNews } from "./ignoreChanges";

/** What the engine asks a diff of. */
export interface DiffRequest {
  /** The previous outputs, in whatever release's layout wrote them. */
  readonly olds: Properties;
  /** The new, checked inputs. */
  readonly news: Properties;
  /** The previous inputs (the native engine sends them; the dynamic one does not); default none. */
  readonly oldInputs?: Properties;
  /** The resource's `ignoreChanges` paths (the native engine sends them); default none. */
  readonly ignoreChanges?: readonly string[];
}

/** How one path changed. */
export interface PathChange {
  /** `add`: it had no value; `delete`: it has none now; `update`: it had one and has another. */
  readonly kind: "add" | "delete" | "update";
  /** Whether the change replaces the resource. */
  readonly replace: boolean;
  /** Whether it is compared with the old inputs (a property kept out of the outputs) rather than the old outputs. */
  readonly inputDiff: boolean;
}

/** The engine's answer to a diff. */
export interface DetailedDiff {
  /** Whether anything is to be done (a pending resume counts, even with every change ignored). */
  readonly changes: boolean;
  /** Top-level properties whose change replaces the resource. */
  readonly replaces: readonly string[];
  /** Top-level properties that changed. */
  readonly diffs: readonly string[];
  /** Each changed path (the field table's dotted paths), reported once. */
  readonly detailed: ReadonlyMap<string, PathChange>;
  /** Outputs that an update never changes. */
  readonly stables: readonly string[];
  /** Whether the replacement deletes the old resource first. */
  readonly deleteBeforeReplace: boolean;
}

/** The top-level property of a path (`config` of `config.bucketName`, `secrets` of `secrets[0].value`). */
export function topKey(path: string): string {
  return path.split(/[.[]/)[0] as string;
}

/** `values` without repeats, in their first order. */
export function unique(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) === index);
}

/** Input property names of a resource (top level), computed once per kind (every diff asks). */
export function inputNames(resource: LangSmithResource): ReadonlySet<string> {
  let names = INPUT_NAMES.get(resource);
  if (names === undefined) INPUT_NAMES.set(resource, (names = new Set(resource.fields.map((field) => topKey(field.path)))));
  return names;
}

const INPUT_NAMES = new WeakMap<LangSmithResource, ReadonlySet<string>>();

/** Whether `values` hold something (neither undefined nor null) at `path`. */
function hasValue(values: Properties, path: string): boolean {
  const value = getPath(values, path);
  return value !== undefined && value !== null;
}

/** The engine's diff of `resource` for `request` (see the module's comment). */
export function diffResource(resource: LangSmithResource, request: DiffRequest): DetailedDiff {
  const ignored = request.ignoreChanges ?? [];
  const { news } = request;
  const oldInputs = request.oldInputs ?? {};
  // Ignored paths compare equal: the old outputs (which a refresh may have changed) take the new inputs' values there.
  const olds = withIgnoredFromNews(request.olds, news, ignored);
  const result = resource.diff(resource.migrate(olds), news);
  const inputs = inputNames(resource);
  // The old value of a path: the outputs echo most inputs; secrets are only in the old inputs.
  const kindOf = (path: string): PathChange["kind"] => {
    // An output-only property (e.g. an export's status seen by a refresh) is neither added nor deleted by the program.
    if (!inputs.has(topKey(path))) return "update";
    const before = hasValue(olds, path) || hasValue(oldInputs, path);
    const after = hasValue(news, path);
    return !before && after ? "add" : before && !after ? "delete" : "update";
  };
  const notIgnored = (path: string) => !isIgnoredPath(path, ignored);
  const replaces = unique(result.replaces.filter(notIgnored));
  // A path that replaces is reported once, as a replacement.
  const updates = unique(result.updates.filter(notIgnored)).filter((path) => !replaces.includes(path));
  // The outputs are compared with the new inputs (so drift seen by a refresh shows); only properties
  // kept out of the outputs (secrets, credentials) are compared with the old inputs.
  const inputDiff = (path: string) => inputs.has(topKey(path)) && !(topKey(path) in olds);
  const detailed = new Map<string, PathChange>();
  for (const path of replaces) detailed.set(path, { kind: kindOf(path), replace: true, inputDiff: inputDiff(path) });
  for (const path of updates) detailed.set(path, { kind: kindOf(path), replace: false, inputDiff: inputDiff(path) });
  return {
    // A pending resume is never dropped by ignoreChanges: the update finishes what the last operation began.
    changes: replaces.length > 0 || updates.length > 0 || result.pending || (result.changes && result.replaces.length === 0 && result.updates.length === 0),
    replaces: unique(replaces.map(topKey)),
    diffs: unique([...replaces, ...updates].map(topKey)),
    detailed,
    stables: resource.outputs.filter((output) => !output.changesOnUpdate).map((output) => output.name),
    deleteBeforeReplace: replaces.length > 0 && result.deleteBeforeReplace,
  };
}
