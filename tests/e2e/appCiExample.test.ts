// examples/app-ci run as an application's CI runs it: its ci.sh starts the
// emulator (the built CLI of packages/emulator), runs `pulumi up` of the
// example's YAML program in a throwaway `ci` stack (the real CLI, the native
// plugin installed from its archive) and then the application's tests with
// the pinned `langsmith` Python SDK: the prompt pulled by the tag the stack
// moved, the examples of the dataset the stack made. One `pulumi up`, one
// test run; the script leaves no emulator and no stack file behind.
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { installNativePlugin, repositoryRoot } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject, runCommand } from "../helpers/pulumiProject";
import { toolPaths } from "../helpers/tools";
import { outcome } from "../helpers/yamlProject";

const root = repositoryRoot();
const EXAMPLE = join(root, "examples", "app-ci");
/** The application's tests (examples/app-ci/app/test_triage.py), each of which must run and pass, none skipped. */
const APP_TESTS = [
  "test_every_regression_example_renders_and_names_a_known_queue",
  "test_prompt_takes_the_question_and_names_every_queue",
  "test_pulls_the_commit_the_stack_tagged",
  "test_regression_dataset_covers_every_queue",
];

describe("examples/app-ci", () => {
  let home: PulumiProject;

  beforeAll(async () => {
    // A project of the helpers only for its Pulumi home, where the plugin is installed as users install it;
    // ci.sh runs the example's own program, from a copy of the example beside it.
    home = await createPulumiProject({ name: "app-ci-home", runtime: "yaml", program: "resources: {}\n" });
    await installNativePlugin(home);
  });

  afterAll(() => {
    home?.cleanup();
  });

  it("ci.sh: the emulator, pulumi up of the ci stack, then the app's tests pull the tagged prompt and read the dataset's examples", async () => {
    const { pythonLangsmithDir } = toolPaths();
    if (pythonLangsmithDir === undefined) throw new Error("the langsmith SDK's environment is not recorded by the tools bootstrap: run npm run tools");
    const example = join(home.dir, "app-ci");
    cpSync(EXAMPLE, example, { recursive: true, filter: (source) => !source.includes("__pycache__") });
    // What a CI runner has: pulumi and its YAML host on PATH, the plugin in PULUMI_HOME; no backend, passphrase or LangSmith settings.
    const env: NodeJS.ProcessEnv = {
      ...home.env,
      LANGSMITH_EMULATOR: `node ${join(root, "packages", "emulator", "dist", "cli.js")}`,
      PYTHON: join(pythonLangsmithDir, "bin", "python"),
    };
    for (const name of ["PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE"]) delete env[name];

    const run = await runCommand("bash", [join(example, "ci.sh")], example, env, 5 * 60 * 1000);
    expect(outcome(run)).toEqual({ code: 0, tail: "" });
    expect(run.output).toMatch(/\+ 7 created/); // the stack, the dataset, three examples, the prompt, its tag
    for (const test of APP_TESTS) expect(run.output).toMatch(new RegExp(`^${test} \\(test_triage\\.TriageTest\\.${test}\\) \\.\\.\\. ok$`, "m"));
    expect(run.output).toMatch(new RegExp(`^Ran ${APP_TESTS.length} tests in [0-9.]+s\\n\\nOK$`, "m"));

    // Nothing is left running or written beside the program.
    const url = /^ci\.sh: LangSmith emulator at (http:\/\/\S+)$/m.exec(run.output)?.[1] as string;
    await expect(fetch(`${url}/api/v1/info`)).rejects.toThrow();
    expect(existsSync(join(example, "Pulumi.ci.yaml"))).toBe(false);
  });
});
