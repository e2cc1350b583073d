/**
 * What an invoke of the native provider is: its token, schema, Registry
 * example and run. The written invokes are `functions.ts`; the kinds' list
 * functions are generated (`listFunctions.ts`).
 */
import type { LangSmithClient } from "../client/client";
import type { OperationContext } from "../engine/context/operation";
import type { PulumiPropertySpec } from "./pulumiTypes";

/** One invoke of the native provider. */
export interface NativeFunction {
  /** Token, e.g. `langsmith:index:getDeployment`. */
  readonly token: string;
  readonly description: string;
  readonly inputs: Record<string, PulumiPropertySpec>;
  readonly requiredInputs: readonly string[];
  readonly outputs: Record<string, PulumiPropertySpec>;
  /** The Registry's example of the invoke (see {@link FunctionExample}). */
  readonly example: FunctionExample;
  /**
   * Runs the invoke; the result is an object of {@link outputs}. `context`
   * is the operation's (its settings and clients by scope): the list
   * functions need it; the others read through `client` alone.
   */
  run(client: LangSmithClient, args: Record<string, unknown>, context?: OperationContext): Promise<Record<string, unknown>>;
}

/**
 * The example program of an invoke on its Registry page: the arguments it is
 * called with (literals, or references to registered kinds' objects, which
 * the program declares, as in field examples: `exampleRef(token, { output })`)
 * and the output of the result the program exports.
 */
export interface FunctionExample {
  readonly args: Readonly<Record<string, unknown>>;
  readonly output: string;
}
