import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Where the tools bootstrap (scripts/bootstrap-tools.sh) records its results. */
export function toolsEnvPath(): string {
  const cacheHome = process.env["XDG_CACHE_HOME"] || join(homedir(), ".cache");
  return join(cacheHome, "pulumi-langsmith", "tools.env");
}

/** Paths of the tools the tests drive. */
export interface ToolPaths {
  /** Directory holding `pulumi`, `pulumi-language-nodejs` and `pulumi-resource-pulumi-nodejs`. */
  pulumiBinDir: string;
  /** The versitygw binary. */
  versitygwBin: string;
  /** Directory holding `pulumi-language-yaml`, when the bootstrap recorded one. */
  yamlBinDir?: string;
  /** The native provider's SDK generator (scripts/build-sdkgen.sh), when the bootstrap recorded one. */
  sdkgenBin?: string;
  /** The native provider's .NET SDK generator (scripts/build-sdkgen.sh), when the bootstrap recorded one. */
  sdkgenDotnetBin?: string;
  /** tree-sitter's C# grammar as WebAssembly (scripts/fetch-csharp-grammar.sh), when the bootstrap recorded it. */
  csharpGrammarWasm?: string;
  /** Directory holding the test-only `pulumi-language-go` (scripts/build-langhost.sh go), when the bootstrap recorded one. */
  goLanghostDir?: string;
  /** Directory holding the test-only `pulumi-language-python` (scripts/build-langhost.sh python), when the bootstrap recorded one. */
  pythonLanghostDir?: string;
  /** The Python environment with Pulumi's Python SDK (scripts/build-python-env.sh pulumi), when the bootstrap recorded one. */
  pythonEnvDir?: string;
  /** The Python environment with schemathesis (scripts/build-python-env.sh fuzz), when the bootstrap recorded one. */
  pythonFuzzDir?: string;
  /** The Python environment with langgraph-cli (scripts/build-python-env.sh langgraph-cli), when the bootstrap recorded one. */
  pythonLanggraphCliDir?: string;
  /** The Python environment with the `langsmith` SDK and langchain-core (scripts/build-python-env.sh langsmith), when the bootstrap recorded one. */
  pythonLangsmithDir?: string;
  /** The directory whose `node_modules` holds the `langsmith` JS SDK (scripts/fetch-langsmith-js.sh), when the bootstrap recorded one. */
  langsmithJsDir?: string;
}

/**
 * Reads the tool locations; environment variables `PULUMI_BIN_DIR` and
 * `VERSITYGW_BIN` override the recorded ones.
 *
 * @throws Error telling to run `npm run tools` when nothing is recorded.
 */
export function toolPaths(): ToolPaths {
  const recorded: Record<string, string> = {};
  const file = toolsEnvPath();
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const eq = line.indexOf("=");
      if (eq > 0) recorded[line.slice(0, eq)] = line.slice(eq + 1).trim();
    }
  }
  const pulumiBinDir = process.env["PULUMI_BIN_DIR"] || recorded["PULUMI_BIN_DIR"];
  const versitygwBin = process.env["VERSITYGW_BIN"] || recorded["VERSITYGW_BIN"];
  if (!pulumiBinDir || !versitygwBin) {
    throw new Error(`the test tools are not installed (nothing recorded in ${file}): run npm run tools`);
  }
  const yamlBinDir = process.env["PULUMI_YAML_BIN_DIR"] || recorded["PULUMI_YAML_BIN_DIR"];
  const sdkgenBin = process.env["SDKGEN_BIN"] || recorded["SDKGEN_BIN"];
  const sdkgenDotnetBin = process.env["SDKGEN_DOTNET_BIN"] || recorded["SDKGEN_DOTNET_BIN"];
  const csharpGrammarWasm = process.env["CSHARP_GRAMMAR_WASM"] || recorded["CSHARP_GRAMMAR_WASM"];
  const goLanghostDir = process.env["GO_LANGHOST_DIR"] || recorded["GO_LANGHOST_DIR"];
  const pythonLanghostDir = process.env["PYTHON_LANGHOST_DIR"] || recorded["PYTHON_LANGHOST_DIR"];
  const pythonEnvDir = process.env["PYTHON_ENV_DIR"] || recorded["PYTHON_ENV_DIR"];
  const pythonFuzzDir = process.env["PYTHON_FUZZ_DIR"] || recorded["PYTHON_FUZZ_DIR"];
  const pythonLanggraphCliDir = process.env["PYTHON_LANGGRAPH_CLI_DIR"] || recorded["PYTHON_LANGGRAPH_CLI_DIR"];
  const pythonLangsmithDir = process.env["PYTHON_LANGSMITH_DIR"] || recorded["PYTHON_LANGSMITH_DIR"];
  const langsmithJsDir = process.env["LANGSMITH_JS_DIR"] || recorded["LANGSMITH_JS_DIR"];
  return {
    pulumiBinDir,
    versitygwBin,
    ...(yamlBinDir ? { yamlBinDir } : {}),
    ...(sdkgenBin ? { sdkgenBin } : {}),
    ...(sdkgenDotnetBin ? { sdkgenDotnetBin } : {}),
    ...(csharpGrammarWasm ? { csharpGrammarWasm } : {}),
    ...(goLanghostDir ? { goLanghostDir } : {}),
    ...(pythonLanghostDir ? { pythonLanghostDir } : {}),
    ...(pythonEnvDir ? { pythonEnvDir } : {}),
    ...(pythonFuzzDir ? { pythonFuzzDir } : {}),
    ...(pythonLanggraphCliDir ? { pythonLanggraphCliDir } : {}),
    ...(pythonLangsmithDir ? { pythonLangsmithDir } : {}),
    ...(langsmithJsDir ? { langsmithJsDir } : {}),
  };
}
