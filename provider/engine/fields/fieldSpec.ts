/**
 * Field tables: each input of a kind declared once, with its validator,
 * wire key, effect of a change, secrecy, default and documentation. `check`
 * (`fieldCheck.ts`), `diff` (`fieldDiff.ts`), the wire mapping, refresh and
 * import (`fieldWire.ts`) and the reference tables in docs/
 * (`fieldReference.ts`) are derived from a kind's table; this module holds
 * the row's type.
 */
import { z } from "zod";
import { getPath } from "./paths";
import { UNKNOWN } from "./values";
/**
 * What changing a field does:
 * - `replace`: a new resource (the service cannot change it in place);
 * - `inPlace`: a PATCH of the resource, nothing rebuilt;
 * - `revision`: a PATCH that makes a new revision, then a wait for it;
 * - `local`: a provider setting; the state changes, no API call;
 * - `createOnly`: read by create only (e.g. `adoptExistingId`); a later change does nothing.
 */
export type ChangeEffect = "replace" | "inPlace" | "revision" | "local" | "createOnly";

/**
 * A reference, in a {@link FieldExample}, to another kind's object in the
 * same conformance program: the matrix declares that kind's object too and
 * writes the reference as `${<object>.<output>}`.
 */
export interface ExampleReference {
  /** The type token of the kind referred to, e.g. `langsmith:index:Project`. */
  readonly ref: string;
  /** The output referred to; default `id`. */
  readonly output?: string;
  /** Whether it is a second object of that kind (the target of a changed reference); default false. */
  readonly other?: boolean;
}

/** A reference to another kind's object, for a {@link FieldExample} (e.g. `exampleRef("langsmith:index:Project")`). */
export function exampleRef(token: string, options: { output?: string; other?: boolean } = {}): ExampleReference {
  return { ref: token, ...options };
}

/** True for an {@link ExampleReference}. */
export function isExampleReference(value: unknown): value is ExampleReference {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { ref?: unknown }).ref === "string" &&
    Object.keys(value).every((key) => ["ref", "output", "other"].includes(key))
  );
}

/**
 * Values the conformance matrix (tests/e2e/conformance) declares a field
 * with: a valid value, and a second valid value for the step that changes
 * every input. Values are as a program writes them (inputs, not wire), and
 * may hold {@link ExampleReference}s and these placeholders, which the
 * matrix fills: `{canary}` (a unique secret canary; every string of a
 * secret field must hold one, or one of the S3 keys below, which the matrix
 * also treats as canaries), and for the S3 store the matrix starts
 * `{s3.endpoint}` (path-style), `{s3.region}`, `{s3.bucket}`,
 * `{s3.accessKeyId}` and `{s3.secretAccessKey}` (a user of the store), and
 * `{s3.accessKeyId2}` and `{s3.secretAccessKey2}` (a second key pair, for a
 * credential change); `{uuid}` is a UUID new to each run of the matrix.
 */
export interface FieldExample {
  /** A valid value. */
  readonly value: unknown;
  /** Another valid value, for the change step; absent only with {@link why}. */
  readonly changed?: unknown;
  /** Why the change step leaves the field as it is (e.g. `read by create only`). */
  readonly why?: string;
  /** The value a second object of the kind takes, where the service keeps the field unique (a name); default {@link value}. */
  readonly other?: unknown;
  /**
   * Whether the required-inputs program sets it too: a field a minimal object
   * needs in the matrix's environment though the service does not require it
   * (an S3-compatible store's endpoint). Default false.
   */
  readonly minimal?: boolean;
  /**
   * Whether the Registry's example program sets it though the service does
   * not require it (an AWS bucket's region); default {@link minimal}. False
   * leaves out what only the matrix's environment needs (its store's endpoint).
   */
  readonly shown?: boolean;
  /**
   * For fields that exclude one another (a deployment's GitHub and Docker
   * sources): the variant this value belongs to. The matrix declares one
   * object per variant; a field without a variant is in each.
   */
  readonly variant?: string;
}

/** A field's examples: one, one per variant, or none with the reason the matrix never sets the field. */
export type FieldExamples = FieldExample | readonly FieldExample[] | { readonly notSet: string };

/**
 * A field required only with another input's value: when the input at
 * `path` has one of the values `in` (a GitHub source's repository), or when
 * it is unset (`unset: true`: one of two fields must be set). Check refuses
 * the inputs with the field's `reason`; nothing is refused while the other
 * input is still unknown.
 */
export interface RequiredWhen {
  /** The other input's dotted path. */
  readonly path: string;
  /** The values of it that make this field required. */
  readonly in?: readonly unknown[];
  /** Whether the other input being unset makes this field required. */
  readonly unset?: true;
}

/** One input field of a resource. */
export interface FieldSpec {
  /** Dotted path in the inputs, e.g. `sourceConfig.repoUrl`; also the property named in check failures and diffs. */
  readonly path: string;
  /** Dotted path in the create request body, e.g. `source_config.repo_url`; absent for provider-side fields. */
  readonly wire?: string;
  /**
   * For a field without a {@link wire} key of its own that the service keeps
   * in one value with another field's (a deployment's plain variables, in
   * its one list `secrets`): that wire key. The generic bodies leave the
   * field out; the kind's own bodies merge it. Default none.
   */
  readonly sharesWire?: string;
  /**
   * Dotted path in the create request body where it differs from {@link wire}
   * (which updates and reads use), e.g. a dataset's `extra.metadata`; `null`
   * when the create request cannot carry it (the service takes it in an
   * update only): a create that sets it sends one update right after. Default `wire`.
   */
  readonly createWire?: string | null;
  /**
   * `null` when the update request cannot carry the field (the service takes
   * it at the create only, so a change replaces): a kind whose update sends
   * every field (`updateSendsAll`) leaves it out. Default: the update carries
   * it at {@link wire}.
   */
  readonly updateWire?: null;
  /** Input value to wire value; default: the value as it is. */
  readonly toWire?: (value: unknown) => unknown;
  /** Wire value (from a response) to input value, for refresh; default: the value, with null as unset. */
  readonly fromWire?: (value: unknown) => unknown;
  /** Whether refresh takes the service's value: `managed` (only when the program sets the field; default), `always`, or `never`. */
  readonly refresh?: "managed" | "always" | "never";
  /** Validator of a known value. Nested unknown values must be accepted by it (see {@link unknownOr}). */
  readonly schema: z.ZodType;
  /**
   * Check failure text when {@link schema} refuses the value (or a required
   * field is unset); default: the validator's own message. Either fixed, or
   * made from the inputs, to name the exact next step (a secret's config key
   * from its `key` input). Never contains a secret value.
   */
  readonly reason?: string | ((inputs: Record<string, unknown>) => string);
  /** Whether the field must be set. */
  readonly required: boolean;
  /** Where the field must be set only with another input's value: see {@link RequiredWhen}. */
  readonly requiredWhen?: RequiredWhen;
  /** Value check fills in when the field is unset. */
  readonly default?: unknown;
  /** Value an unset field compares as in diff, when it differs from {@link default} (the service's behaviour). */
  readonly unsetMeans?: unknown;
  /** What a change does. */
  readonly effect: ChangeEffect;
  /** Wire value that clears the field when an update unsets it; default `null` (e.g. `[]` for a list the service replaces whole). */
  readonly clearWith?: unknown;
  /**
   * A map the service completes with its own defaults (a deployment's
   * resource spec comes back with every key): refresh reads only the keys the
   * previous value holds, so the service's additions are not drift, while a
   * changed or removed key is. Default false.
   */
  readonly serviceFillsKeys?: boolean;
  /**
   * Unset, the service chooses the value (a project's start: the time of its
   * create): the state records the service's value (after a create, an
   * update and a refresh), an unset input is no change, and an import
   * leaves it out. Default false.
   */
  readonly serviceDefault?: boolean;
  /** A list whose order means nothing (a set, e.g. permissions): diff and refresh ignore the order. Default false. */
  readonly unordered?: boolean;
  /** Always a Pulumi secret; compared without ever being printed. */
  readonly secret: boolean;
  /** Docs: the type, e.g. "`dev_free` \| `dev` \| `prod`". */
  readonly type: string;
  /** Docs: the default column, e.g. `service's`; default: `—` or `required`. */
  readonly defaultDoc?: string;
  /** Docs: the effect column, when the effect needs more words than {@link ChangeEffect} gives. */
  readonly effectDoc?: string;
  /** Docs: what the field is (one sentence). */
  readonly doc: string;
  /** The values the conformance matrix sets the field to (see {@link FieldExample}). Every row has them. */
  readonly example?: FieldExamples;
}

/** A resource's field table. */
export type FieldTable = readonly FieldSpec[];

/** One `check` failure: the property path and a reason saying what to set; never a value. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** A `fromWire` for optional strings a service answers as `""` when unset: `""` and null read as unset. */
export function emptyAsUnset(value: unknown): unknown {
  return value === "" || value === null ? undefined : value;
}

/** A `fromWire` for optional maps a service answers as `{}` (or null) when unset: read as unset. */
export function emptyMapAsUnset(value: unknown): unknown {
  return value === null || (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0) ? undefined : value;
}

/** A validator that also accepts the engine's "unknown during preview" value. */
export function unknownOr<T extends z.ZodType>(schema: T): z.ZodUnion<[z.ZodLiteral<typeof UNKNOWN>, T]> {
  return z.union([z.literal(UNKNOWN), schema]);
}

/** `T` with the engine's "unknown during preview" value removed at every depth (inputs as create and update receive them). */
type Known<T> = T extends typeof UNKNOWN
  ? never
  : T extends readonly (infer E)[]
    ? Known<E>[]
    : T extends Record<string, unknown>
      ? { [K in keyof T]: Known<T[K]> }
      : T;

/** The object type one row describes: its validator's output at its dotted path, optional unless `Required` is true. */
type RowInputs<Path extends string, Value, Required> = Path extends `${infer Head}.${infer Rest}`
  ? { [K in Head]?: RowInputs<Rest, Value, Required> }
  : Required extends true
    ? { [K in Path]: Value }
    : { [K in Path]?: Value };

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** Intersections of objects merged into one object type, at every depth. */
type Merged<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: Merged<T[K]> } : T;

/**
 * The inputs type a field table describes (all values known, as create and
 * update receive them): each row's validator output at its dotted path,
 * optional unless the row is required or is a top-level row with a default
 * (which `readInputs` fills in). Declare the table `as const` so its rows
 * keep their literal paths; objects above a path are optional.
 */
export type InputsOf<Table extends readonly FieldSpec[]> = Merged<
  UnionToIntersection<
    Table[number] extends infer Row
      ? Row extends { readonly path: infer Path extends string; readonly schema: infer Schema extends z.ZodType; readonly required: infer Required }
        ? RowInputs<
            Path,
            Known<z.output<Schema>>,
            Row extends { readonly default: NonNullable<unknown> } ? (Path extends `${string}.${string}` ? Required : true) : Required
          >
        : never
      : never
  >
>;

/** True when the value at `path`, or an object above it, is still unknown (preview); returns that prefix. */
export function unknownPrefix(values: unknown, path: string): string | undefined {
  const parts = path.split(".");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join(".");
    if (getPath(values, prefix) === UNKNOWN) return prefix;
  }
  return undefined;
}
