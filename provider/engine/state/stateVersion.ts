/**
 * Versions of a resource's output layout. Outputs carry `stateVersion`; the
 * one entry point {@link migrateOutputs} brings outputs written by an older
 * release to today's layout, one step per version, before any operation or
 * diff reads them.
 */
import { ConfigurationError } from "../../client/errors";

/** One migration step: outputs of version N to version N + 1 (a new object; the input is not changed). */
export type MigrationStep = (outputs: Record<string, unknown>) => Record<string, unknown>;

/** Outputs written by a newer release than this one: acting on them could lose what it recorded. */
export class StateTooNewError extends ConfigurationError {}

/**
 * Today's layout of `outputs`.
 *
 * @param kind the resource kind for messages, e.g. `deployment`.
 * @param current this release's version.
 * @param steps `steps[n]` migrates version n to n + 1, for every n below `current`; outputs without a version are version 1.
 * @throws StateTooNewError when the outputs come from a newer release.
 */
export function migrateOutputs(
  kind: string,
  outputs: Record<string, unknown>,
  current: number,
  steps: Readonly<Record<number, MigrationStep>>,
): Record<string, unknown> {
  const recorded = typeof outputs["stateVersion"] === "number" ? outputs["stateVersion"] : 1;
  if (recorded > current) {
    throw new StateTooNewError(
      `reading the state of a ${kind}: it was written by a newer release of pulumi-langsmith (state version ${recorded}, this release reads up to ${current}); upgrade the package in this program`,
    );
  }
  let migrated = outputs;
  for (let version = recorded; version < current; version++) {
    const step = steps[version];
    if (step === undefined) throw new Error(`no migration of ${kind} state from version ${version}`);
    migrated = { ...step(migrated), stateVersion: version + 1 };
  }
  return migrated;
}
