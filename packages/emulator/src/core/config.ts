import { readFileSync } from "node:fs";
import { z } from "zod";
import { type EmulatorOptions, mergeTimings, TIMING_PRESETS } from "./options";
import { seedInputSchema, type SeedInput } from "./seed";
import { traceRunSeedSchema } from "./traceRuns";
import { REVISION_STEPS } from "./types";

const stepDurationsSchema = z.object(Object.fromEntries(REVISION_STEPS.map((s) => [s, z.number().nonnegative()]))).partial();

/**
 * zod schema of an emulator config file (`--config <file>`, JSON). Seed fields
 * (`organizations`, `apiKeys`, `bearerTokens`) replace the default seed when any
 * is present; `timings.preset` picks a preset that `stepDurationsMs` and
 * `deleteDurationMs`, `exportRunMs`, `exportHourMs`, `dataPlaneStepMs` and `snapshotBuildMs` then adjust;
 * `traceRuns` seeds trace runs per project for bulk exports to write.
 */
export const configFileSchema = seedInputSchema.extend({
  timings: z
    .object({
      preset: z.enum(["fast", "realistic"]).optional(),
      stepDurationsMs: stepDurationsSchema.optional(),
      deleteDurationMs: z.number().nonnegative().optional(),
      exportRunMs: z.number().nonnegative().optional(),
      exportHourMs: z.number().positive().optional(),
      dataPlaneStepMs: z.number().nonnegative().optional(),
      snapshotBuildMs: z.number().nonnegative().optional(),
    })
    .optional(),
  exportRowsPerFile: z.int().positive().optional(),
  traceRuns: z.array(traceRunSeedSchema).optional(),
  s3EndpointOverride: z.string().url().optional(),
  selfHosted: z.boolean().optional(),
  rateLimitPerSecond: z.number().positive().nullable().optional(),
  destinationDelete: z.boolean().optional(),
});

/** Parsed config file. */
export type ConfigFile = z.infer<typeof configFileSchema>;

/** Reads and validates a config file; throws with the file name and the problems on error. */
export function readConfigFile(file: string): ConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read emulator config ${file}: ${(error as Error).message}`);
  }
  const parsed = configFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    throw new Error(`invalid emulator config ${file}: ${problems}`);
  }
  return parsed.data;
}

/**
 * Turns a config file into emulator options.
 * @param preset timing preset to start from (the CLI's `--timings`, else the file's `timings.preset`).
 */
export function optionsFromConfig(config: ConfigFile, preset: "fast" | "realistic"): EmulatorOptions {
  const hasSeed = config.organizations !== undefined || config.apiKeys !== undefined || config.bearerTokens !== undefined;
  const seed: SeedInput = {
    ...(config.organizations ? { organizations: config.organizations } : {}),
    ...(config.apiKeys ? { apiKeys: config.apiKeys } : {}),
    ...(config.bearerTokens ? { bearerTokens: config.bearerTokens } : {}),
  };
  const timings = mergeTimings(TIMING_PRESETS[preset], {
    ...(config.timings?.stepDurationsMs ? { stepDurationsMs: config.timings.stepDurationsMs } : {}),
    ...(config.timings?.deleteDurationMs !== undefined ? { deleteDurationMs: config.timings.deleteDurationMs } : {}),
    ...(config.timings?.exportRunMs !== undefined ? { exportRunMs: config.timings.exportRunMs } : {}),
    ...(config.timings?.exportHourMs !== undefined ? { exportHourMs: config.timings.exportHourMs } : {}),
    ...(config.timings?.dataPlaneStepMs !== undefined ? { dataPlaneStepMs: config.timings.dataPlaneStepMs } : {}),
    ...(config.timings?.snapshotBuildMs !== undefined ? { snapshotBuildMs: config.timings.snapshotBuildMs } : {}),
  });
  return {
    ...(hasSeed ? { seed } : {}),
    timings,
    ...(config.s3EndpointOverride !== undefined ? { s3EndpointOverride: config.s3EndpointOverride } : {}),
    ...(config.selfHosted !== undefined ? { selfHosted: config.selfHosted } : {}),
    ...(config.rateLimitPerSecond !== undefined ? { rateLimitPerSecond: config.rateLimitPerSecond } : {}),
    ...(config.destinationDelete !== undefined ? { destinationDelete: config.destinationDelete } : {}),
    ...(config.exportRowsPerFile !== undefined ? { exportRowsPerFile: config.exportRowsPerFile } : {}),
    ...(config.traceRuns !== undefined ? { traceRuns: config.traceRuns } : {}),
  };
}
