/**
 * The hooks a kind wraps the engine's steps with. Every kind goes through
 * the engine's Read (`read.ts`) and Diff (`diff.ts`), and a kind with hooks
 * for them through its create (`create.ts`) and update (`write.ts`): a hook
 * customizes one part of a step (the request, the answer, what is recorded
 * after), never the step as a whole. A change to how every kind reads or
 * diffs is a change to one of those files.
 */
import type { LangSmithClient } from "../../client";
import type { OperationContext } from "../context/operation";
import type { ProviderSettings } from "../context/settings";
import type { ChangedFields, FieldSpec } from "../fields/fields";
import type { ImportedResource, Properties, ResourceDiff } from "../resource";
import type { CreateOutcome } from "./interruptedCreate";

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
   * together where the kind reads in batches. `declared` makes that default
   * request, for a kind that fetches only some of its objects itself (a
   * tagging of an object the grouped list leaves out).
   */
  fetch?(request: ReadRequest<State>, declared: () => Promise<WireObject | undefined>): Promise<Wire | undefined>;
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

/** One write (a create or an update), as the engine gives it to the kind's hooks; `Inputs` are the kind's checked inputs (see `InputsOf`). */
export interface WriteRequest<Inputs = Properties> {
  readonly context: OperationContext;
  /** The settings of the object's scope (its workspace for a workspace object). */
  readonly settings: ProviderSettings;
  /** The client the object's writes go through (the kind's `writesTo`, else the one for {@link settings}). */
  readonly client: LangSmithClient;
  /** What the write is, for messages: e.g. `creating deployment "agent"`. */
  readonly action: string;
  /** The object's name in messages (its name field, else its id). */
  readonly name: string;
  /** The checked inputs. */
  readonly inputs: Inputs;
  /** The inputs as the engine received them: a failure after the service accepted the write keeps their `__provider`. */
  readonly raw: Properties;
}

/** How the engine's create came by the object: {@link CreateOutcome} for one it sent, `taken` for one the kind's `take` hook took over. */
export type CreatedHow = CreateOutcome | "taken";

/** What the engine's create made (or took over), as the later hooks receive it. */
export interface Created<Wire extends WireObject = WireObject> {
  /** The object's id. */
  readonly id: string;
  /** The service's answer: the create's, the look-up's after a lost answer, or what `take` answered. */
  readonly wire: Wire;
  readonly outcome: CreatedHow;
  /** How it came to be, in words for `lastOperation`: e.g. `created with revision 1a2b3c4d`. */
  readonly how: string;
}

/**
 * How a kind wraps the engine's create (see `create.ts`); each hook is
 * optional. The engine keeps the frame for every kind: the settings and the
 * client of the object's scope, `beforeWrite`, one create however the
 * answer is lost (`interruptedCreate.ts`), a refused create's import hint,
 * and, once the service has the object, a failure that keeps it in the
 * stack with what is known. `Prepared` is what {@link prepare} made, handed
 * to every later hook.
 */
export interface CreateHooks<Wire extends WireObject = WireObject, Inputs = Properties, State extends object = Properties, Prepared = unknown> {
  /**
   * First, before any request: local work the create needs, whose failure
   * must come before the service is asked anything (a source directory
   * packed, and refused when too large). Its result reaches every later
   * hook. Default: nothing.
   */
  prepare?(request: WriteRequest<Inputs>): Promise<Prepared>;
  /** Last, whatever happened: frees what {@link prepare} made (a packed archive's file). Default: nothing. */
  release?(prepared: Prepared): Promise<void>;
  /**
   * Before the create: an existing object to take over instead (a
   * deployment's `adoptExistingId`), or `undefined` to create one. A failure
   * here leaves nothing to keep. Default: always create.
   */
  take?(request: WriteRequest<Inputs>, prepared: Prepared): Promise<Created<Wire> | undefined>;
  /** The request: sends the create and answers the object. Default: the declared create endpoint with the table's body. */
  post?(request: WriteRequest<Inputs>, prepared: Prepared): Promise<Wire>;
  /**
   * The object by its natural key, `undefined` when the service has none:
   * after a lost answer (before the create is sent again) and after a
   * refusal (409, for the import hint). Default: the list filtered by the
   * declared `naturalKey`, when the kind has both.
   */
  lookUp?(request: WriteRequest<Inputs>): Promise<Wire | undefined>;
  /** Words for how it came to be, for `lastOperation`. Default: `created`, and how a lost answer was recovered. */
  describe?(wire: Wire, outcome: CreateOutcome): string;
  /**
   * The outputs to record when {@link after} fails: what is known once the
   * service has the object (the next `pulumi up` finishes it). Default: the
   * engine's outputs without the fields only an update sets.
   */
  unfinished?(request: WriteRequest<Inputs>, created: Created<Wire>, prepared: Prepared): State;
  /** The last words of the message of a failure {@link after} throws, e.g. `run pulumi up again to resume`. Default `run pulumi up again to finish it`. */
  readonly resumeHint?: string;
  /**
   * After the service has the object: the writes a create cannot carry and
   * the wait until it is ready (a deployment's display name, and its
   * revision until `DEPLOYED`); answers the outputs to record. Default: the
   * declared lifecycle's wait, the update-only fields, `afterWrite`.
   */
  after?(request: WriteRequest<Inputs>, created: Created<Wire>, prepared: Prepared): Promise<State>;
}

/** One update, as the engine gives it to the kind's hooks: a write of an object the state records. */
export interface UpdateRequest<Inputs = Properties, State extends object = Properties> extends WriteRequest<Inputs> {
  /** The object's id. */
  readonly id: string;
  /** The previous outputs, migrated to today's layout. */
  readonly olds: State;
  /** The changed paths by the effect their field declares (the Diff's comparison). */
  readonly changed: ChangedFields;
}

/** What an update's `send` hook sent: the service's answer and the words for `lastOperation`. */
export interface Updated<Wire> {
  readonly wire: Wire;
  /** What the update did, e.g. `new revision 1a2b3c4d (repoRef main→v2)`. */
  readonly what: string;
}

/**
 * How a kind wraps the engine's update (see `write.ts`); each hook is
 * optional. The engine keeps the frame: the inputs checked, the changed
 * fields, the settings and client of the object's scope, `beforeWrite`.
 */
export interface UpdateHooks<Wire = WireObject, Inputs = Properties, State extends object = Properties> {
  /**
   * The request(s): what the changes need sent (one PATCH; or a new
   * revision, a re-deploy of a failed one); `undefined` when nothing is
   * sent. Default: one request with the changed in-place fields.
   */
  send?(request: UpdateRequest<Inputs, State>): Promise<Updated<Wire> | undefined>;
  /** After: the outputs to record, given what {@link send} sent (a wait for the new revision). Default: the echoed inputs and the answer's outputs. */
  after?(request: UpdateRequest<Inputs, State>, updated: Updated<Wire> | undefined): Promise<State>;
}
