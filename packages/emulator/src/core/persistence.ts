import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateSecretKey } from "./crypto";
import type { EmulatorState } from "./types";

/** File name of the persisted state inside the data directory. */
export const STATE_FILE = "state.json";
/** File name of the generated secret key inside the data directory. */
export const SECRET_KEY_FILE = "secret.key";

/**
 * Brings a state written by an earlier emulator up to date in place: revisions
 * stored `graph_config_path` (the spec's name) where the wire has
 * `langgraph_config_path`, deployments had no `secretReferences`, there
 * were no `bulkExports` or `traceRuns`, and bulk exports had no runs.
 */
export function migrateState(state: EmulatorState): EmulatorState {
  state.bulkExports ??= [];
  state.traceRuns ??= [];
  state.objects ??= {};
  for (const record of state.bulkExports) {
    // Exports written before runs were executed: kept as ended, without runs.
    if (Array.isArray(record.runs)) continue;
    const legacy = record as unknown as { cancelledAtMs: number | null; createdAtMs: number };
    record.runs = [];
    record.status = legacy.cancelledAtMs !== null ? "Cancelled" : "Completed";
    record.finishedAtMs = legacy.cancelledAtMs ?? legacy.createdAtMs;
    record.updatedAtMs = record.finishedAtMs;
  }
  for (const deployment of state.deployments) {
    deployment.secretReferences ??= [];
  }
  for (const revision of state.revisions) {
    const config = revision.sourceRevisionConfig;
    if ("graph_config_path" in config) {
      config["langgraph_config_path"] ??= config["graph_config_path"];
      delete config["graph_config_path"];
    }
  }
  return state;
}

/** Reads the persisted state (migrated, see {@link migrateState}), or `undefined` when the data directory holds none. */
export function loadState(dataDir: string): EmulatorState | undefined {
  const file = join(dataDir, STATE_FILE);
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, "utf8")) as EmulatorState;
  if (parsed.version !== 1) throw new Error(`unsupported emulator state version in ${STATE_FILE}: ${String(parsed.version)}`);
  return migrateState(parsed);
}

/** Writes the state atomically: a temporary file in the same directory, then a rename. */
export function saveState(dataDir: string, state: EmulatorState): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, STATE_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * Returns the secret key kept in the data directory, generating and saving it
 * (mode 0600) on first use so encrypted state survives restarts.
 */
export function loadOrCreateSecretKey(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const key = generateSecretKey();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${key}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return key;
}
