// The documentation's Python runs: every ```python block of the README and
// of the Registry pages that imports the provider's package is executed,
// each as its own program, on the provider's wheel (as `pip install
// pulumi_langsmith` installs it), with Pulumi's own test mocks standing in
// for the engine (pulumi.runtime.set_mocks): a misspelt class, argument,
// enum constant or function fails it, as it would fail the user's program.
// What each resource was registered with is checked against the snippet.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eRoot } from "../helpers/e2eRoot";
import { createPythonVenv, providerWheel } from "../helpers/pythonSdk";

const root = join(__dirname, "..", "..");
const PAGES = ["README.md", "docs/_index.md", "docs/installation-configuration.md"];

/** The ```python blocks of a Markdown text that import the provider's package. */
function pythonSnippets(markdown: string): string[] {
  return [...markdown.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] as string).filter((code) => code.includes("pulumi_langsmith"));
}

/**
 * Runs a snippet under Pulumi's mocks and prints, as JSON, each resource it
 * registered (type token, name, inputs) once every output has settled.
 */
const HARNESS = `
import json, runpy, sys
import pulumi

registered = []

class Mocks(pulumi.runtime.Mocks):
    def new_resource(self, args):
        registered.append({"type": args.typ, "name": args.name, "inputs": args.inputs})
        return [f"{args.name}-id", args.inputs]

    def call(self, args):
        return {}

pulumi.runtime.set_mocks(Mocks(), project="snippets", stack="docs", preview=False)

@pulumi.runtime.test
def run():
    runpy.run_path(sys.argv[1], run_name="__main__")

run()
print(json.dumps(registered))
`;

describe("the documentation's Python snippets", () => {
  let dir: string;
  let python: string;

  beforeAll(() => {
    dir = mkdtempSync(join(e2eRoot(), "python-snippets-"));
    createPythonVenv(join(dir, "venv"), [providerWheel()]);
    python = join(dir, "venv", "bin", "python");
    writeFileSync(join(dir, "harness.py"), HARNESS);
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const snippets = PAGES.flatMap((page) =>
    pythonSnippets(readFileSync(join(root, page), "utf8")).map((code, index) => [`${page} #${index + 1}`, code] as const),
  );

  it("are there: the README and the Registry's overview each have one", () => {
    expect(snippets.map(([where]) => where.split(" ")[0])).toEqual(expect.arrayContaining(["README.md", "docs/_index.md"]));
  });

  it("the OAuth functions answer to the names Python users write as well as to the generator's (get_oauth_providers, get_o_auth_providers)", () => {
    const check = [
      "import pulumi_langsmith as langsmith",
      "for name in ['get_oauth_providers', 'get_oauth_providers_output', 'get_oauth_token_status', 'get_oauth_token_status_output']:",
      "    assert getattr(langsmith, name) is getattr(langsmith, name.replace('oauth_', 'o_auth_')), name",
      "print('ok')",
    ].join("\n");
    expect(execFileSync(python, ["-c", check], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim()).toBe("ok");
  });

  it.each(snippets)("%s runs and registers what it declares", (where, code) => {
    const file = join(dir, `${where.replace(/[^a-z0-9]+/gi, "-")}.py`);
    writeFileSync(file, code);
    const registered = JSON.parse(
      execFileSync(python, [join(dir, "harness.py"), file], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
        .trim()
        .split("\n")
        .pop() ?? "[]",
    ) as { type: string; name: string; inputs: Record<string, unknown> }[];
    // Every `langsmith.<Class>("<name>", ...)` of the snippet was registered under that name.
    const declared = [...code.matchAll(/langsmith\.([A-Z]\w*)\(\s*"([^"]+)"/g)].map((m) => `langsmith:index:${m[1]}::${m[2]}`);
    expect(declared.length).toBeGreaterThan(0);
    expect(registered.map((r) => `${r.type}::${r.name}`)).toEqual(expect.arrayContaining(declared));
    const workspace = registered.find((r) => r.type === "langsmith:index:Workspace");
    if (workspace !== undefined) expect(workspace.inputs).toMatchObject({ displayName: "agents-dev" });
  });
});
