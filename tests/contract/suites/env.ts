/**
 * What every suite of the contract tier shares: the harness, the running
 * emulator and S3 server (set by the test file's beforeAll), and small helpers.
 *
 * @packageDocumentation
 */
import type { Emulator } from "../../../packages/emulator/src";
import type { Versitygw } from "../../helpers/versitygw";
import type { ContractHarness } from "../harness";

/** The servers and harness of one run of the tier; fields are set in beforeAll. */
export interface ContractEnv {
  /** Records and checks every call. */
  harness: ContractHarness;
  /** The emulator under test (FAST timings, port 0, 127.0.0.1). */
  emulator: Emulator;
  /** The S3 server destinations test-write to. */
  gw: Versitygw;
}

/** A JSON object. */
export type Json = Record<string, unknown>;

/** A UUID no resource has. */
export const UNKNOWN_ID = "0b0e0f00-0000-4000-8000-000000000000";

/** Calls `probe` every 20 ms until it returns true; fails after `timeoutMs` (default 5000). */
export async function eventually(what: string, probe: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
