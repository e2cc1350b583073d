import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eRoot } from "./e2eRoot";
import { createPythonVenv } from "./pythonSdk";
import { toolPaths } from "./tools";

/** Result of one CLI invocation. */
export interface CommandResult {
  /** Exit code, or null when a signal ended the process. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, in arrival order. */
  output: string;
}

/** Options for {@link createPulumiProject}. */
export interface PulumiProjectOptions {
  /** Project name in Pulumi.yaml. Default: "e2e". */
  name?: string;
  /** Source of index.ts; with `runtime: "yaml"`, the YAML program (everything after `runtime:` in Pulumi.yaml); with `runtime: "go"`, main.go; with `runtime: "python"`, __main__.py. */
  program: string;
  /** Language of the program. Default: "nodejs". */
  runtime?: "nodejs" | "yaml" | "go" | "python";
  /**
   * With `runtime: "python"`: the wheels installed into the program's virtual
   * environment (`venv`, which sees the tools' Python environment: Pulumi's
   * SDK), e.g. the provider's wheel (tests/helpers/pythonSdk.ts).
   */
  pythonWheels?: readonly string[];
  /** With `runtime: "go"`: the program's go.mod. */
  goMod?: string;
  /** Stack name. Default: "test". */
  stack?: string;
  /** Extra environment for every command (e.g. LANGSMITH_* variables). */
  env?: Record<string, string>;
  /** Stack configuration set before the first command; secret values are set with --secret. */
  config?: Record<string, string | { secret: string }>;
  /**
   * A `Pulumi.<stack>.yaml` to start from (copied before the stack is created),
   * e.g. one holding the passphrase salt of a stack exported elsewhere.
   */
  stackConfigFile?: string;
}

/**
 * A throw-away Pulumi project and stack: a program directory under the e2e
 * program root, its own file:// state backend and PULUMI_HOME, a passphrase
 * secrets provider, no update checks, no plugin downloads, and TypeScript
 * transpiled without type-checking.
 */
export interface PulumiProject {
  /** The program directory (Pulumi.yaml, index.ts). */
  dir: string;
  /** The file:// backend directory. */
  backendDir: string;
  stack: string;
  /** Environment every command runs with. */
  env: NodeJS.ProcessEnv;
  /** Runs `pulumi <args>` in the program directory. */
  run(args: string[], options?: { env?: Record<string, string>; timeoutMs?: number }): Promise<CommandResult>;
  /** Runs a command and throws, with its output, when it exits non-zero. */
  runOk(args: string[], options?: { env?: Record<string, string>; timeoutMs?: number }): Promise<CommandResult>;
  up(extra?: string[]): Promise<CommandResult>;
  preview(extra?: string[]): Promise<CommandResult>;
  refresh(extra?: string[]): Promise<CommandResult>;
  destroy(extra?: string[]): Promise<CommandResult>;
  /** Replaces index.ts (or, for a YAML program, the program part of Pulumi.yaml). */
  writeProgram(source: string): void;
  /** `pulumi config set` (with --secret for secret values). */
  setConfig(key: string, value: string | { secret: string }): Promise<void>;
  /** Parsed `pulumi stack export`. */
  exportStack(): Promise<StackExport>;
  /** Raw text of the stack's state file in the backend. */
  rawStateFile(): string;
  /** Removes the program directory and the backend. */
  cleanup(): void;
}

/** The part of `pulumi stack export` tests read. */
export interface StackExport {
  deployment: {
    resources?: Array<{
      urn: string;
      type: string;
      id?: string;
      inputs?: Record<string, unknown>;
      outputs?: Record<string, unknown>;
      initErrors?: string[];
    }>;
    pending_operations?: unknown[];
  };
}

const defaultTimeoutMs = 10 * 60 * 1000;

/** Creates the project, logs in to its backend and initializes the stack. */
export async function createPulumiProject(options: PulumiProjectOptions): Promise<PulumiProject> {
  const { pulumiBinDir, yamlBinDir, goLanghostDir, pythonLanghostDir } = toolPaths();
  const name = options.name ?? "e2e";
  const stack = options.stack ?? "test";
  const dir = mkdtempSync(join(e2eRoot(), `${name}-`));
  const backendDir = join(dir, ".state");
  const home = join(dir, ".pulumi-home");
  mkdirSync(backendDir, { recursive: true });
  mkdirSync(home, { recursive: true });
  const yaml = options.runtime === "yaml";
  const go = options.runtime === "go";
  const python = options.runtime === "python";
  const writeProgram = (source: string): void => {
    if (yaml) writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: yaml\n${source}`);
    else writeFileSync(join(dir, go ? "main.go" : python ? "__main__.py" : "index.ts"), source);
  };
  if (yaml) {
    writeProgram(options.program);
  } else if (go) {
    if (goLanghostDir === undefined) throw new Error("the test-only Go language host is not recorded by the tools bootstrap: run npm run tools");
    writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: go\n`);
    writeFileSync(join(dir, "go.mod"), options.goMod ?? "");
    writeProgram(options.program);
  } else if (python) {
    if (pythonLanghostDir === undefined) throw new Error("the test-only Python language host is not recorded by the tools bootstrap: run npm run tools");
    writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n`);
    writeProgram(options.program);
    createPythonVenv(join(dir, "venv"), options.pythonWheels ?? []);
  } else {
    writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\n`);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, main: "index.ts", devDependencies: { typescript: "*" } }));
    writeProgram(options.program);
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${pulumiBinDir}:${yamlBinDir !== undefined ? `${yamlBinDir}:` : ""}${go ? `${goLanghostDir}:` : ""}${python ? `${pythonLanghostDir}:` : ""}${process.env["PATH"] ?? ""}${go ? ":/usr/local/go/bin" : ""}`,
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_SKIP_CONFIRMATIONS: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    ...options.env,
  };
  // Keep the caller's own LangSmith credentials out of the programs.
  for (const key of Object.keys(env)) {
    if (key.startsWith("LANGSMITH_") && !(options.env && key in options.env)) delete env[key];
  }

  const run = (args: string[], runOptions: { env?: Record<string, string>; timeoutMs?: number } = {}) =>
    runCommand(join(pulumiBinDir, "pulumi"), args, dir, { ...env, ...runOptions.env }, runOptions.timeoutMs ?? defaultTimeoutMs);
  const runOk = async (args: string[], runOptions?: { env?: Record<string, string>; timeoutMs?: number }) => {
    const result = await run(args, runOptions);
    if (result.code !== 0) {
      throw new Error(`pulumi ${args.join(" ")} exited with ${result.code}:\n${result.output}`);
    }
    return result;
  };
  const setConfig = async (key: string, value: string | { secret: string }) => {
    if (typeof value === "string") await runOk(["config", "set", "--stack", stack, key, "--", value]);
    else await runOk(["config", "set", "--stack", stack, "--secret", key, "--", value.secret]);
  };

  if (options.stackConfigFile !== undefined) copyFileSync(options.stackConfigFile, join(dir, `Pulumi.${stack}.yaml`));
  await runOk(["stack", "init", stack, "--non-interactive"]);
  for (const [key, value] of Object.entries(options.config ?? {})) await setConfig(key, value);

  const common = ["--non-interactive", "--stack", stack];
  return {
    dir,
    backendDir,
    stack,
    env,
    run,
    runOk,
    up: (extra = []) => run(["up", "--yes", "--skip-preview", ...common, ...extra]),
    preview: (extra = []) => run(["preview", ...common, ...extra]),
    refresh: (extra = []) => run(["refresh", "--yes", "--skip-preview", ...common, ...extra]),
    destroy: (extra = []) => run(["destroy", "--yes", "--skip-preview", ...common, ...extra]),
    writeProgram,
    setConfig,
    exportStack: async () => JSON.parse((await runOk(["stack", "export", "--stack", stack])).stdout) as StackExport,
    rawStateFile: () => {
      const file = join(backendDir, ".pulumi", "stacks", name, `${stack}.json`);
      if (!existsSync(file)) throw new Error(`no state file at ${file}`);
      return readFileSync(file, "utf8");
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs a process to completion, collecting its output; kills it after timeoutMs. */
export function runCommand(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
}

/**
 * The lines the CLI printed under "Diagnostics:" for one resource (e.g.
 * `langsmith:index:Deployment (agent)`), trimmed and without blank lines:
 * what the engine kept of the resource's log, as opposed to live status.
 */
export function diagnosticsOf(output: string, resource: string): string[] {
  const section = output.split("\nDiagnostics:\n")[1];
  if (section === undefined) return [];
  const lines = section.split("\n");
  const start = lines.findIndex((line) => line.trim() === `${resource}:`);
  if (start < 0) return [];
  const found: string[] = [];
  for (const line of lines.slice(start + 1)) {
    // A resource's entries are indented deeper than the resource headers; the next header or section ends them.
    if (line.trim() === "") continue;
    if (!/^\s{4,}/.test(line)) break;
    found.push(line.trim());
  }
  return found;
}
