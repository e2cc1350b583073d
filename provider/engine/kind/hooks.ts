/**
 * The hooks a kind wraps the engine's steps with. The engine's Read
 * (`read.ts`) and Diff (`diff.ts`) are the only ones: every kind goes
 * through them, and a hook customizes one part of a step (the request, the
 * answer, what is recorded after), never the step as a whole. A change to
 * how every kind reads or diffs is a change to those two files.
 */
import type { LangSmithClient } from "../../client";
import type { OperationContext } from "../context/operation";
import type { ProviderSettings } from "../context/settings";
import type { ChangedFields, FieldSpec } from "../fields/fields";
import type { ImportedResource, Properties, ResourceDiff } from "../resource";

/** A service's object as it answers it (JSON). */
export type WireObject = Record<string, unknown>;

/** Read's two callers: a refresh of an object the state records, and an import of one the service has. */
export type ReadPurpose = "refresh" | "import";

/** One read, as the engine's Read gives it to the kind's hooks; `State` is what the kind's state records (see `StateOf`). */
export interface ReadRequest<State extends object = Properties> {
  /** Who reads: `refresh` (the state's object) or `import` (one named by `pulumi import`, `Resource.get` or `adopt`). */
  readonly purpose: ReadPurpose;
  readonly context: OperationContext;
  /** The settings of the object's scope (its workspace for a workspace object). */
  readonly settings: ProviderSettings;
  /** The client for {@link settings}. */
  readonly client: LangSmithClient;
  /** The object's id (refresh), or what the import was given less its workspace and parent ids: an id or a natural key. */
  readonly id: string;
  /** The object's name in messages (its name field, else its id). */
  readonly name: string;
  /** The recorded outputs in today's layout (refresh), or the workspace and parent ids the import was given (import). */
  readonly props: State;
}

/**
 * How a kind wraps the engine's Read (see `read.ts`); each hook is optional.
 * `Wire` is the kind's answer as its `fetch` and `answer` hooks make it
 * (e.g. a member found by email), which the later hooks receive typed.
 */
export interface ReadHooks<Wire extends WireObject = WireObject, State extends object = Properties> {
  /**
   * The request: the object's answer where the declared endpoints cannot
   * fetch it (members found by email in the members' list, a deployment on
   * the control plane); `undefined` when the service does not have it.
   * Default: the endpoints' GET, else the scope's list, a refresh's reads
   * together where the kind reads in batches.
   */
  fetch?(request: ReadRequest<State>): Promise<Wire | undefined>;
  /**
   * Transforms the answer: what the object's answer lacks, read beside it
   * (an export's runs, a deployment's latest revision, a workspace's data
   * plane). Default: the answer as it is.
   */
  answer?(request: ReadRequest<State>, wire: Wire): Promise<Wire>;
  /**
   * After a refresh: the outputs to record, given the engine's (the echoed
   * inputs refreshed from the answer, the declared outputs read). Default
   * the engine's.
   */
  refreshed?(request: ReadRequest<State>, wire: Wire, outputs: State): Properties;
  /**
   * After an import: the resource to record, given the engine's (inputs
   * from the answer, the outputs a create would have recorded). Default the
   * engine's.
   */
  imported?(request: ReadRequest<State>, wire: Wire, imported: ImportedResource & { readonly id: string }): Promise<ImportedResource>;
}

/** What the engine's Diff hands the after hook; `State` is what the kind's state records (see `StateOf`). */
export interface DiffStep<State extends object = Properties> {
  /** The previous outputs, migrated. */
  readonly olds: State;
  /** The new, checked inputs; in a preview any value may still be unknown (`UNKNOWN`), so they are typed as the state is. */
  readonly news: State;
  /** The changed paths by the effect their field declares. */
  readonly changed: ChangedFields;
  /** The engine's result from {@link changed}. */
  readonly result: ResourceDiff;
}

/** How a kind wraps the engine's Diff (see `diff.ts`); each hook is optional. */
export interface DiffHooks<State extends object = Properties> {
  /**
   * Before the comparison: whether a field is unchanged, for the fields the
   * kind compares itself (secrets against a fingerprint of its own layout);
   * `undefined` for the others, whose values the engine compares. It takes
   * the place of the engine's comparison of secrets with the fingerprints it
   * records (`secretFingerprints`). Default: the engine's comparison.
   */
  compare?(field: FieldSpec, olds: State, news: State): boolean | undefined;
  /**
   * After: the result, adjusted for what the state says beyond the inputs
   * (an export the service cancelled is replaced; a wait left unfinished is
   * pending). Default: the engine's result.
   */
  after?(step: DiffStep<State>): ResourceDiff;
}
