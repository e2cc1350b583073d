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
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ORG_API_KEY } from "../../packages/emulator/src";
import { loadAllKinds } from "../../provider/registry";
import { changeDiffProblems, importDiffProblems, previewSteps } from "../helpers/conformance/diffs";
import { generatedWithSecrets, type ImportGroup, importGroups } from "../helpers/conformance/imports";
import { s3Placeholders, typeNameOf } from "../helpers/conformance/program";
import { listChecks, listProgram } from "../helpers/conformance/lists";
import { MatrixReport } from "../helpers/conformance/report";
import { matrixSteps, type MatrixRunState, type TrackRun } from "../helpers/conformance/tracks";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type StackExport } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";
import { outcome } from "../helpers/yamlProject";

const KINDS = loadAllKinds();
/** `LANGSMITH_CONFORMANCE=0` leaves the matrix out (e.g. while iterating on another e2e test). */
const matrix = process.env["LANGSMITH_CONFORMANCE"] === "0" ? describe.skip : describe;
const BUCKET = "matrix-exports";
const REPORT_FILE = join(__dirname, "..", ".tmp", "conformance-matrix.md");
/** Each command's output, numbered, for a failure's diagnosis (CI keeps tests/.tmp). */
const LOG_DIR = join(__dirname, "..", ".tmp", "conformance-logs");

const state: MatrixRunState = {
  kinds: KINDS,
  report: new MatrixReport(KINDS.map(typeNameOf)),
  timings: new Map<string, number>(),
  seen: [],
  canaries: new Set<string>(),
  placeholders: {},
  logDir: LOG_DIR,
};
const { report, timings, seen, canaries } = state;
const { cli, timed, recordAll, tracked, cleanCycle, faultedUp, destroyAndCheck, useTrack } = matrixSteps(state);
let s3: Versitygw;

beforeAll(async () => {
  if (process.env["LANGSMITH_CONFORMANCE"] === "0") return;
  rmSync(LOG_DIR, { recursive: true, force: true });
  s3 = await startVersitygw();
  await s3.createBucket(BUCKET);
  state.placeholders = s3Placeholders(s3, BUCKET);
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
