/**
 * The conformance matrix's steps (tests/e2e/conformance.test.ts): running CLI
 * commands with their output kept for the canary scan and logged, timing the
 * parts of the run, recording a check for every kind, and one track's life:
 * its emulator and project, an up with a fault after each create, the clean
 * preview and refresh cycle, and destroy with what it must leave behind.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ORG_API_KEY, type ApiExchange } from "../../../packages/emulator/src";
import type { LangSmithResource } from "../../../provider/engine/resource";
import { type EmulatorStack, startEmulatorStack } from "../emulatorStack";
import { installNativePlugin } from "../nativePlugin";
import { type CommandResult, createPulumiProject, diagnosticsOf, type PulumiProject } from "../pulumiProject";
import { outcome } from "../yamlProject";
import { type MatrixObject, type MatrixProgram, matrixProgram, S3_SECRET_PLACEHOLDERS, type Step, type Track, typeNameOf } from "./program";
import type { MatrixReport } from "./report";
import { liveIds, orphans, recordExchanges } from "./serviceState";

/** What one run of the matrix gathers across its tracks. */
export interface MatrixRunState {
  /** Every registered kind. */
  kinds: readonly LangSmithResource[];
  /** The kinds x checks report. */
  report: MatrixReport;
  /** Seconds taken by each part of the run, by part. */
  timings: Map<string, number>;
  /** Every output of every command, every export and generated program: where no canary may appear. */
  seen: { what: string; text: string }[];
  /** The secret values no output may contain. */
  canaries: Set<string>;
  /** The S3 store's values the programs' destinations take (its endpoint, bucket, keys); set once the store runs. */
  placeholders: Record<string, string>;
  /** Where each command's output is written, numbered, for a failure's diagnosis. */
  logDir: string;
}

/** One track's program, project and emulator. */
export interface TrackRun {
  stack: EmulatorStack;
  project: PulumiProject;
  program: (step: Step) => MatrixProgram;
  exchanges: ApiExchange[];
}

/** The matrix's steps, gathering into `state`. */
export function matrixSteps(state: MatrixRunState) {
  const { report, timings, seen, canaries } = state;

  /** Runs a CLI command, keeping its output for the canary scan. */
  async function cli(what: string, run: () => Promise<CommandResult>): Promise<CommandResult> {
    const result = await run();
    seen.push({ what, text: result.output });
    mkdirSync(state.logDir, { recursive: true });
    writeFileSync(
      join(state.logDir, `${String(seen.length).padStart(2, "0")}-${what.replace(/[^a-z0-9]+/gi, "-")}.log`),
      `exit ${result.code}\n${result.output}`,
    );
    return result;
  }

  /** Times a part of the run for the report. */
  async function timed<T>(part: string, run: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await run();
    } finally {
      timings.set(part, (timings.get(part) ?? 0) + (Date.now() - started) / 1000);
    }
  }

  /** Records one check for every kind of the program's primary objects: `ok`, or its problems. */
  function recordAll(
    program: MatrixProgram,
    check: Parameters<MatrixReport["record"]>[1],
    problems: readonly string[],
    okCell = (_object: MatrixObject) => "ok",
  ): void {
    for (const object of program.objects.filter((o) => o.role === "primary")) {
      const own = problems.filter((problem) => problem.startsWith(`${object.name}`));
      report.record(typeNameOf(object.kind), check, own.length === 0 ? okCell(object) : `FAIL ${own.join("; ")}`);
    }
  }

  async function startTrack(track: Track): Promise<TrackRun> {
    // Invitations are accepted as they are made, so a program can declare a person's workspace membership.
    const stack = await startEmulatorStack({ acceptInvitations: true });
    const program = (step: Step) =>
      matrixProgram(state.kinds, { track, step, placeholders: state.placeholders, secretPlaceholders: S3_SECRET_PLACEHOLDERS, canaryPrefix: track });
    for (const canary of [...program("value").canaries, ...program("changed").canaries]) canaries.add(canary);
    const project = await createPulumiProject({
      name: `matrix-${track}`,
      runtime: "yaml",
      program: program("value").yaml,
      config: { ...stack.config, "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY } },
      env: stack.env,
    });
    await installNativePlugin(project);
    return { stack, project, program, exchanges: [] };
  }

  /** Runs a command while recording the service's exchanges into the track's. */
  async function tracked(run: TrackRun, what: string, command: () => Promise<CommandResult>): Promise<CommandResult> {
    const { result, exchanges } = await recordExchanges(() => cli(what, command));
    run.exchanges.push(...exchanges);
    return result;
  }

  /** up, clean preview, refresh, clean preview, up --refresh, clean preview: the failures. */
  async function cleanCycle(run: TrackRun, track: Track): Promise<string[]> {
    const failures: string[] = [];
    const steps: [string, () => Promise<CommandResult>][] = [
      ["preview", () => run.project.preview(["--expect-no-changes", "--diff"])],
      ["refresh", () => run.project.refresh()],
      ["preview after refresh", () => run.project.preview(["--expect-no-changes", "--diff"])],
      ["up --refresh", () => run.project.up(["--refresh"])],
      ["preview after up --refresh", () => run.project.preview(["--expect-no-changes", "--diff"])],
    ];
    for (const [what, step] of steps) {
      const result = await tracked(run, `${track} ${what}`, step);
      if (result.code !== 0) failures.push(`${what}: ${outcome(result).tail}`);
    }
    return failures;
  }

  /**
   * Up with a fault on the request after each create (armed on every create of
   * the run), then an up without faults: the objects whose request faulted
   * were kept in the state, and the second up converges with no second create.
   */
  async function faultedUp(run: TrackRun, track: Track, fault: { status: number; body: unknown } | { drop: "before-handler" }): Promise<string[]> {
    const problems: string[] = [];
    run.stack.emulator.control.injectFault({ path: "*", afterCreate: true, ...fault });
    const first = await tracked(run, `${track} faulted up`, () => run.project.up());
    run.stack.emulator.control.clearFaults();
    const faulted = run.exchanges.filter((exchange) => exchange.fault === "status" || exchange.fault === "drop");
    const stateAfterFault = first.code === 0 ? "" : run.project.rawStateFile().toLowerCase();
    const program = run.program("value");
    const exported = await run.project.exportStack();
    for (const object of program.objects.filter((o) => o.role === "primary")) {
      const resource = exported.deployment.resources?.find((r) => r.urn.endsWith(`::${object.name}`));
      const id = resource?.id?.toLowerCase();
      const hit = faulted.find((exchange) => id !== undefined && id.split("/").some((part) => part.length > 8 && exchange.path.toLowerCase().includes(part)));
      if (hit !== undefined) {
        if (first.code !== 0 && !stateAfterFault.includes(id as string))
          problems.push(`${object.name}: not kept in the state after the fault on ${hit.method} ${hit.path}`);
        report.record(typeNameOf(object.kind), "fault", `${"status" in fault ? fault.status : "drop"} on ${hit.method} after create: kept`);
      }
    }
    if (track === "full") for (const object of program.objects) report.recordIfEmpty(typeNameOf(object.kind), "fault", "n/a: no request follows its create");
    const second = await tracked(run, `${track} up after the fault`, () => run.project.up());
    if (second.code !== 0) problems.push(`up after the fault: ${outcome(second).tail}`);
    const stateIds = new Set(
      ((await run.project.exportStack()).deployment.resources ?? []).flatMap((resource) => (resource.id === undefined ? [] : [resource.id.toLowerCase()])),
    );
    for (const orphan of orphans(run.exchanges, run.project.rawStateFile(), liveIds(run.stack.emulator.control.dumpState()), stateIds))
      problems.push(`created but in no state: ${orphan}`);
    return problems;
  }

  /** Destroy: nothing in the state, nothing live on the service but what the destroy warned about. */
  async function destroyAndCheck(run: TrackRun, track: Track): Promise<string[]> {
    const problems: string[] = [];
    const exported = await run.project.exportStack();
    const before = liveIds(run.stack.emulator.control.dumpState());
    const result = await tracked(run, `${track} destroy`, () => run.project.destroy());
    if (result.code !== 0) return [`destroy: ${outcome(result).tail}`];
    const after = liveIds(run.stack.emulator.control.dumpState());
    const left = (await run.project.exportStack()).deployment.resources?.filter((r) => r.type.startsWith("langsmith:")) ?? [];
    if (left.length > 0) problems.push(`still in the state: ${left.map((r) => r.urn).join(", ")}`);
    for (const object of run.program("changed").objects) {
      const resource = exported.deployment.resources?.find((r) => r.urn.endsWith(`::${object.name}`));
      if (resource?.id === undefined) continue;
      const own = resource.id
        .toLowerCase()
        .split("/")
        .filter((part) => before.has(part) && after.has(part));
      if (own.length === 0) continue;
      const warned = diagnosticsOf(result.output, `${object.kind.token} (${object.name})`).some((line) => /cannot delete|stays|left/.test(line));
      if (!warned) problems.push(`${object.name}: still on the service (${own.join(", ")}) and no warning says so`);
      else report.record(typeNameOf(object.kind), "destroy", "ok (left with the documented warning)");
    }
    return problems;
  }

  /** Starts a track's emulator and project before the describe block's tests (handing it over) and stops them after. */
  function useTrack(track: Track, receive: (run: TrackRun) => void): void {
    let started: TrackRun | undefined;
    beforeAll(async () => {
      started = await startTrack(track);
      receive(started);
    }, 300_000);
    afterAll(async () => {
      started?.project.cleanup();
      await started?.stack.emulator.close();
    });
  }

  return { cli, timed, recordAll, tracked, cleanCycle, faultedUp, destroyAndCheck, useTrack };
}
