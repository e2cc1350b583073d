import { checkReservedVariables, checkSourceCommands, checkSourceTree, refusedCommandContent } from "../../provider/deployments/source/checks";
import { directoryTree } from "../../provider/deployments/source/diskTree";
import { readSourceTreeFacts } from "../../provider/deployments/source/sourceConfig";
import { UNKNOWN } from "../../provider/engine/fields/values";
import { configJson, tempDirectory, writeFiles } from "../helpers/sourceTrees";

describe("checkSourceCommands", () => {
  it.each([
    ['pip install "x"', 'a double quote (")'],
    ["echo `id`", "a backtick (`)"],
    ["a\\b", "a backslash (\\)"],
    ["a\nb", "a newline"],
    ["a\rb", "a carriage return"],
    ["a\0b", "a NUL character"],
    ["a\tb", "a tab"],
    ["a | b", "a pipe (|)"],
    ["a; b", "a semicolon (;)"],
    ["echo $HOME", "a dollar sign ($)"],
    ["a > f", "a greater-than sign (>)"],
    ["a < f", "a less-than sign (<)"],
    ["serve &", 'a single "&"'],
    ["a &&& b", 'a single "&"'],
  ])("refuses %j, naming %s", (command, named) => {
    expect(refusedCommandContent(command)).toEqual([expect.stringContaining(named)]);
  });

  it("allows && chains and plain commands", () => {
    expect(refusedCommandContent("pip install -e . && npm ci")).toEqual([]);
    expect(refusedCommandContent("a &&&& b")).toEqual([]);
    expect(refusedCommandContent("uv sync --frozen")).toEqual([]);
  });

  it("reports each command at its property, every character found, and the fix", () => {
    const failures = checkSourceCommands({ sourceConfig: { installCommand: "pip install x; echo $A", buildCommand: "make" } });
    expect(failures).toEqual([
      {
        property: "sourceConfig.installCommand",
        reason:
          'installCommand contains a semicolon (;) and a dollar sign ($), which the service refuses in install and build commands ("&&" to chain commands is allowed); move the steps into a script in the source tree and run that script',
      },
    ]);
    expect(checkSourceCommands({ sourceConfig: { buildCommand: "a | b" } })[0]?.property).toBe("sourceConfig.buildCommand");
  });

  it("leaves unknown and absent commands alone", () => {
    expect(checkSourceCommands({ sourceConfig: { installCommand: UNKNOWN } })).toEqual([]);
    expect(checkSourceCommands({})).toEqual([]);
  });
});

describe("checkReservedVariables", () => {
  it("refuses names the service keeps, in secrets, secretReferences and environmentVariables", () => {
    const { failures, warnings } = checkReservedVariables({
      secrets: [
        { name: "OPENAI_API_KEY", value: "x" },
        { name: "POSTGRES_URI", value: "x" },
      ],
      secretReferences: [{ name: "LANGSMITH_DEPLOYMENT_NAME", secretName: "s", secretKey: "k" }],
      environmentVariables: { LANGCHAIN_TRACING_V2: "true", LOG_LEVEL: "debug" },
    });
    expect(failures.map((failure) => failure.property)).toEqual(["environmentVariables.LANGCHAIN_TRACING_V2", "secrets[1].name", "secretReferences[0].name"]);
    expect(failures[1]?.reason).toBe(
      "environment variable POSTGRES_URI is reserved: the service sets it on every deployment; remove it, or rename it if it is your own setting",
    );
    expect(warnings).toEqual([]);
  });

  it("warns, naming self-hosted, for names allowed only there", () => {
    const { failures, warnings } = checkReservedVariables({ secrets: [{ name: "LANGSMITH_API_KEY", value: "x" }], environmentVariables: { PORT: "8080" } });
    expect(failures).toEqual([]);
    expect(warnings).toEqual([
      "environmentVariables.PORT: environment variable PORT is allowed only on self-hosted LangSmith; LangSmith's cloud refuses it, so remove it unless this deployment runs on a self-hosted install",
      expect.stringMatching(/^secrets\[0\]\.name: environment variable LANGSMITH_API_KEY is allowed only on self-hosted LangSmith/),
    ]);
  });

  it("ignores names still unknown", () => {
    expect(checkReservedVariables({ secrets: [{ name: UNKNOWN, value: "x" }] })).toEqual({ failures: [], warnings: [] });
  });
});

describe("checkSourceTree", () => {
  const dir = tempDirectory();
  afterAll(() => dir.remove());

  it("reports a tree without its config file, naming the path and the fix", async () => {
    writeFiles(dir.path, { "empty/agent.py": "x" });
    const facts = await readSourceTreeFacts(directoryTree(`${dir.path}/empty`, "./empty"), "langgraph.json");
    expect(checkSourceTree("source", facts)).toEqual([
      {
        property: "source",
        reason:
          "config file langgraph.json is not in ./empty; add it there, or set sourceRevisionConfig.graphConfigPath to its path relative to that directory",
      },
    ]);
  });

  it("reports each local dependency outside the tree, and accepts those inside", async () => {
    writeFiles(dir.path, { "tree/agent/langgraph.json": configJson([".", "../lib", "../../outside", "../../../far", "requests"]) });
    const facts = await readSourceTreeFacts(directoryTree(`${dir.path}/tree`, "./tree"), "agent/langgraph.json");
    expect(facts.localDependencies).toEqual([".", "../lib", "../../outside", "../../../far"]);
    const failures = checkSourceTree("source", facts);
    expect(failures.map((failure) => failure.reason)).toEqual([
      expect.stringMatching(/^local dependency "\.\.\/\.\.\/outside" of agent\/langgraph\.json lies outside \.\/tree/),
      expect.stringMatching(/^local dependency "\.\.\/\.\.\/\.\.\/far"/),
    ]);
  });
});
