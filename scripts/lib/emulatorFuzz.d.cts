/** Types of emulatorFuzz.cjs: the emulator fuzzed against the contract with schemathesis. */
/** The seed of every run. */
export declare const FUZZ_SEED: number;
/** An operation left out of the fuzzing, with the reason. */
export interface ExcludedOperation {
  readonly method: string;
  readonly path: string;
  readonly reason: string;
}
/** Operations left out of the fuzzing, each with the reason. */
export declare const EXCLUDED_OPERATIONS: readonly ExcludedOperation[];
/** What one document's run covered and found. */
export interface FuzzResult {
  readonly area: string;
  /** Whether schemathesis ran and reported (else `why`). */
  readonly ran: boolean;
  readonly why?: string;
  readonly complete?: boolean;
  /** Operations tested. */
  readonly operations: number;
  /** Cases generated. */
  readonly generated: number;
  /** Check failures, one line each. */
  readonly failures: readonly string[];
  /** Errors (e.g. of the schema), one line each. */
  readonly errors: readonly string[];
  readonly excluded: readonly ExcludedOperation[];
}
/** Options of {@link fuzzEmulator}. */
export interface FuzzOptions {
  /** schemathesis's `st` command. */
  readonly stBin: string;
  /** The emulator's base URL. */
  readonly baseUrl: string;
  /** The contract folder (contract/). */
  readonly contractDir: string;
  /** Where the documents, reports and logs are written. */
  readonly workDir: string;
  /** An organization-scoped API key. */
  readonly apiKey: string;
  /** The workspace sent as X-Tenant-Id. */
  readonly workspaceId: string;
  /** Most cases per operation and phase. */
  readonly maxExamples: number;
  /** Deadline of each document's run, in milliseconds. */
  readonly timeoutMs: number;
}
/** Runs schemathesis over each document of the contract against the emulator. */
export declare function fuzzEmulator(options: FuzzOptions): Promise<FuzzResult[]>;
/** The results as Markdown. */
export declare function fuzzReport(results: readonly FuzzResult[], options: { maxExamples: number }): string;
