// The conformance matrix (issue 32): every registered kind, with no test code
// of its own, through the real CLI and the native plugin, as YAML programs
// generated from the registry and the examples each kind's field table
// carries (tests/helpers/conformance/). Two tracks, each on an emulator of
// its own with an organization-scoped key, and one S3 store for the
// destinations' test writes:
// - required inputs only: up with a 401 on the request after each create
//   (kept in the state, converged by the next up with no second create),
//   then clean preview, refresh, clean preview, up --refresh, clean preview;
//   destroy;
// - every input: up with a dropped connection after each create, the same
//   cycle, then every input changed at once (each detailed-diff entry of the
//   right kind, converging); import by each documented id form into a fresh
//   stack, the generated program run with its secrets filled (only secret
//   updates, then clean); each kind's list function, called for each object
//   (found; each filter with the object's value lists it, another value
//   does not); secret canaries absent from every output
//   (`--debug` included), export, backend and generated program; destroy.
// The report (kinds x checks, with the time taken) is printed and written to
// tests/.tmp/conformance-matrix.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ORG_API_KEY, type ApiExchange } from "../../packages/emulator/src";
import { loadAllKinds } from "../../provider/registry";
import { changeDiffProblems, importDiffProblems, previewSteps } from "../helpers/conformance/diffs";
import { generatedWithSecrets, type ImportGroup, importGroups } from "../helpers/conformance/imports";
import {
  type MatrixObject,
  type MatrixProgram,
  matrixProgram,
  S3_SECRET_PLACEHOLDERS,
  s3Placeholders,
  type Track,
  type Step,
  typeNameOf,
} from "../helpers/conformance/program";
import { listChecks, listProgram } from "../helpers/conformance/lists";
import { MatrixReport } from "../helpers/conformance/report";
import { liveIds, orphans, recordExchanges } from "../helpers/conformance/serviceState";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { type CommandResult, createPulumiProject, diagnosticsOf, type PulumiProject, type StackExport } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";
import { outcome } from "../helpers/yamlProject";

const KINDS = loadAllKinds();
/** `LANGSMITH_CONFORMANCE=0` leaves the matrix out (e.g. while iterating on another e2e test). */
const matrix = process.env["LANGSMITH_CONFORMANCE"] === "0" ? describe.skip : describe;
const BUCKET = "matrix-exports";
const REPORT_FILE = join(__dirname, "..", ".tmp", "conformance-matrix.md");
/** Each command's output, numbered, for a failure's diagnosis (CI keeps tests/.tmp). */
const LOG_DIR = join(__dirname, "..", ".tmp", "conformance-logs");

const report = new MatrixReport(KINDS.map(typeNameOf));
const timings = new Map<string, number>();
let s3: Versitygw;
let placeholders: Record<string, string>;
/** Every output of every command, every export and generated program: where no canary may appear. */
const seen: { what: string; text: string }[] = [];
const canaries = new Set<string>();

/** Runs a CLI command, keeping its output for the canary scan. */
async function cli(what: string, run: () => Promise<CommandResult>): Promise<CommandResult> {
  const result = await run();
  seen.push({ what, text: result.output });
  mkdirSync(LOG_DIR, { recursive: true });
  writeFileSync(join(LOG_DIR, `${String(seen.length).padStart(2, "0")}-${what.replace(/[^a-z0-9]+/gi, "-")}.log`), `exit ${result.code}\n${result.output}`);
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

/** One track's program, project and emulator. */
interface TrackRun {
  stack: EmulatorStack;
  project: PulumiProject;
  program: (step: Step) => MatrixProgram;
  exchanges: ApiExchange[];
}

async function startTrack(track: Track): Promise<TrackRun> {
  // Invitations are accepted as they are made, so a program can declare a person's workspace membership.
  const stack = await startEmulatorStack({ acceptInvitations: true });
  const program = (step: Step) => matrixProgram(KINDS, { track, step, placeholders, secretPlaceholders: S3_SECRET_PLACEHOLDERS, canaryPrefix: track });
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

beforeAll(async () => {
  if (process.env["LANGSMITH_CONFORMANCE"] === "0") return;
  rmSync(LOG_DIR, { recursive: true, force: true });
  s3 = await startVersitygw();
  await s3.createBucket(BUCKET);
  placeholders = s3Placeholders(s3, BUCKET);
}, 120_000);

afterAll(async () => {
  if (process.env["LANGSMITH_CONFORMANCE"] === "0") return;
  report.publish(REPORT_FILE, timings);
  await s3?.stop();
});

matrix("conformance matrix: required inputs only", () => {
  let run: TrackRun;
  useTrack("required", (started) => (run = started));

  it("up with a 401 on the request after each create keeps each object; the next up converges with no second create", async () => {
    const problems = await timed("required", () => faultedUp(run, "required", { status: 401, body: { detail: "Invalid token" } }));
    expect(problems).toEqual([]);
  });

  it("previews clean, refreshes, previews clean, up --refresh, previews clean", async () => {
    const failures = await timed("required", () => cleanCycle(run, "required"));
    recordAll(
      run.program("value"),
      "required",
      failures.map((failure) => `${failure}`),
      () => "ok",
    );
    expect(failures).toEqual([]);
  });

  it("destroy leaves nothing in the state and nothing on the service but what it warned about", async () => {
    const problems = await timed("required", () => destroyAndCheck(run, "required"));
    expect(problems).toEqual([]);
  });
});

matrix("conformance matrix: every input", () => {
  let run: TrackRun;
  useTrack("full", (started) => (run = started));

  it("up with a dropped connection after each create converges with no second create, then a clean cycle", async () => {
    const problems = await timed("full", async () => [...(await faultedUp(run, "full", { drop: "before-handler" })), ...(await cleanCycle(run, "full"))]);
    recordAll(run.program("value"), "full", problems);
    expect(problems).toEqual([]);
  });

  it("changing every input at once shows each change as an update or a replacement, as declared, and converges", async () => {
    const changed = run.program("changed");
    run.project.writeProgram(changed.yaml);
    const preview = await timed("change", () => tracked(run, "full change preview", () => run.project.preview(["--json"])));
    expect(outcome({ ...preview, output: preview.stderr })).toEqual({ code: 0, tail: "" });
    const problems = changeDiffProblems(changed.objects, previewSteps(preview.stdout));
    recordAll(
      changed,
      "change",
      problems,
      (object) =>
        `ok: ${object.changed.length} changed${object.unchanged.size > 0 ? `; kept ${[...object.unchanged].map(([field, why]) => `${field.path} (${why})`).join(", ")}` : ""}`,
    );
    const up = await timed("change", () => tracked(run, "full change up --debug", () => run.project.up(["--debug"])));
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    const clean = await timed("change", () => tracked(run, "full change preview after", () => run.project.preview(["--expect-no-changes", "--diff"])));
    expect(outcome(clean)).toEqual({ code: 0, tail: "" });
    expect(problems).toEqual([]);
  });

  it("imports each kind by each documented form into a fresh stack; the generated program previews only secret updates, then clean", async () => {
    const changed = run.program("changed");
    const byName = new Map(changed.objects.map((object) => [object.name, object]));
    const exported = await run.project.exportStack();
    const problems: string[] = [];
    const passed = new Map<string, string[]>();
    const { groups, problems: planProblems } = importGroups(changed.objects, exported);
    problems.push(...planProblems);
    const importGroup = async (group: ImportGroup, number: number): Promise<void> => {
      const label = `import ${number} (form ${group.index}${group.workspaceId === undefined ? "" : ", in its workspace"})`;
      const config = {
        ...run.stack.config,
        "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY },
        ...(group.workspaceId === undefined ? {} : { "langsmith:workspaceId": group.workspaceId }),
      };
      const project = await createPulumiProject({ name: `matrix-import-${number}`, runtime: "yaml", program: "resources: {}\n", config, env: run.stack.env });
      try {
        await installNativePlugin(project);
        const file = join(project.dir, "import.json");
        const generatedFile = join(project.dir, "generated.yaml");
        writeFileSync(file, JSON.stringify({ resources: group.entries }));
        const imported = await cli(label, () =>
          project.run(["import", "--file", file, "--out", generatedFile, "--yes", "--non-interactive", "--stack", project.stack, "--protect=false"]),
        );
        if (imported.code !== 0) {
          problems.push(
            ...group.entries.map((entry) => `${entry.name}: ${label} by ${group.forms.get(entry.name)} failed: ${outcome(imported).tail.slice(-600)}`),
          );
          return;
        }
        const generated = readFileSync(generatedFile, "utf8");
        seen.push({ what: `generated program, ${label}`, text: generated });
        project.writeProgram(`resources: ${JSON.stringify(generatedWithSecrets(generated, byName))}\n`);
        const preview = await cli(`${label} preview`, () => project.preview(["--json"]));
        if (preview.code !== 0) problems.push(`preview of the generated program, ${label}: ${preview.stderr.slice(-800)}`);
        else problems.push(...importDiffProblems(byName, previewSteps(preview.stdout)).map((problem) => `${problem} (${label})`));
        const up = await cli(`${label} up`, () => project.up());
        if (up.code !== 0) problems.push(`up of the generated program, ${label}: ${outcome(up).tail}`);
        const clean = await cli(`${label} clean preview`, () => project.preview(["--expect-no-changes", "--diff"]));
        if (clean.code !== 0) problems.push(`preview after the up, ${label}: ${outcome(clean).tail}`);
        seen.push({ what: `export, ${label}`, text: JSON.stringify(await project.exportStack()) }, { what: `backend, ${label}`, text: project.rawStateFile() });
        for (const entry of group.entries) passed.set(entry.name, [...(passed.get(entry.name) ?? []), group.forms.get(entry.name) as string]);
      } finally {
        project.cleanup();
      }
    };
    // Two stacks at a time: each is its own CLI and plugin, and the machine has two cores.
    await timed("import", async () => {
      const queue = groups.map((group, number) => () => importGroup(group, number));
      await Promise.all(
        [0, 1].map(async () => {
          for (let job = queue.shift(); job !== undefined; job = queue.shift()) await job();
        }),
      );
    });
    recordAll(changed, "import", problems, (object) => `ok: ${(passed.get(object.name) ?? []).join(", ")}`);
    expect(problems).toEqual([]);
  });

  it("lists each kind's objects with its list function; each filter with the object's value lists it, with another value does not", async () => {
    const exported = await run.project.exportStack();
    const lists = listProgram(run.program("changed").objects, exported);
    const project = await createPulumiProject({
      name: "matrix-lists",
      runtime: "yaml",
      program: lists.yaml,
      config: { ...run.stack.config, "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY } },
      env: run.stack.env,
    });
    const problems: string[] = [];
    try {
      await installNativePlugin(project);
      const up = await timed("list", () => cli("list functions up", () => project.up()));
      expect(outcome(up)).toEqual({ code: 0, tail: "" });
      const answers = JSON.parse((await project.runOk(["stack", "output", "--json", "--stack", project.stack])).stdout) as Record<string, unknown>;
      seen.push({ what: "list functions' answers", text: JSON.stringify(answers) });
      for (const [object, result] of listChecks(lists, run.program("changed").objects, answers, exported)) {
        const kind = run.program("changed").objects.find((o) => o.name === object)?.kind;
        if (kind === undefined) continue;
        const cell = Array.isArray(result) ? `FAIL ${result.join("; ")}` : result;
        if (cell.startsWith("FAIL")) problems.push(`${object}: ${cell}`);
        report.record(typeNameOf(kind), "list", cell);
      }
    } finally {
      project.cleanup();
    }
    expect(lists.calls.length).toBeGreaterThan(25);
    expect(problems).toEqual([]);
  });

  it("no secret canary, input or output, appears in any output (--debug included), export, backend or generated program", async () => {
    const exported = await run.project.exportStack();
    const shown = JSON.parse((await run.project.runOk(["stack", "export", "--show-secrets", "--stack", run.project.stack])).stdout) as StackExport;
    // Secret outputs the service made (an API key's key): their values are canaries too.
    for (const resource of shown.deployment.resources ?? []) {
      const object = run.program("changed").objects.find((o) => resource.urn.endsWith(`::${o.name}`));
      for (const output of object?.kind.outputs.filter((spec) => spec.secret === true) ?? []) {
        const value = resource.outputs?.[output.name];
        if (typeof value === "string" && value.length >= 8) canaries.add(value);
      }
    }
    seen.push({ what: "export (full)", text: JSON.stringify(exported) }, { what: "backend (full)", text: run.project.rawStateFile() });
    const found = [...canaries].flatMap((canary) => seen.filter((place) => place.text.includes(canary)).map((place) => `${canary} in ${place.what}`));
    for (const object of run.program("changed").objects.filter((o) => o.role === "primary")) {
      const own = found.filter((line) => line.includes(`-${object.name}-`));
      report.record(typeNameOf(object.kind), "canaries", own.length === 0 ? "ok" : `FAIL ${own.join("; ")}`);
    }
    expect(canaries.size).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it("destroy leaves nothing in the state and nothing on the service but what it warned about", async () => {
    const problems = await timed("full", () => destroyAndCheck(run, "full"));
    recordAll(run.program("changed"), "destroy", problems);
    expect(problems).toEqual([]);
  });
});
