/**
 * What the e2e tests of YAML programs share: the program run on the native
 * plugin (installed from this checkout) against an emulator of its own,
 * through the real CLI; and how a CLI result is compared, so a failure
 * shows the end of the CLI's output.
 */
import { type EmulatorStack, startEmulatorStack } from "./emulatorStack";
import { installNativePlugin } from "./nativePlugin";
import { type CommandResult, createPulumiProject, type PulumiProject, type PulumiProjectOptions } from "./pulumiProject";
import { toolPaths } from "./tools";

/**
 * A CLI result as `{ code, tail }`, for `expect(outcome(r)).toEqual({ code: 0, tail: "" })`:
 * the exit code, and the last 4,000 characters of the output when it failed (empty when it passed).
 */
export function outcome(result: Pick<CommandResult, "code" | "output">): { code: number | null; tail: string } {
  return { code: result.code, tail: result.code === 0 ? "" : result.output.slice(-4000) };
}

/** A YAML project and the emulator it runs against. */
export interface YamlProject {
  readonly stack: EmulatorStack;
  readonly project: PulumiProject;
}

/**
 * Starts an emulator and creates the YAML project `name` with `program`,
 * configured for the emulator's default workspace (`config` adds or
 * overrides keys), with the native plugin installed into its own Pulumi home.
 * Fails at once when the tools bootstrap recorded no YAML language host.
 */
export async function startYamlProject(name: string, program: string, config: PulumiProjectOptions["config"] = {}): Promise<YamlProject> {
  if (toolPaths().yamlBinDir === undefined) throw new Error("the YAML language host is not recorded by the tools bootstrap: run npm run tools");
  const stack = await startEmulatorStack();
  let project: PulumiProject | undefined;
  try {
    project = await createPulumiProject({ name, runtime: "yaml", program, config: { ...stack.config, ...config }, env: stack.env });
    await installNativePlugin(project);
    return { stack, project };
  } catch (error) {
    await stopYamlProject({ stack, ...(project === undefined ? {} : { project }) });
    throw error;
  }
}

/** Removes the project and stops its emulator; either may be missing (a set-up that failed part way). */
export async function stopYamlProject(started: Partial<YamlProject> | undefined): Promise<void> {
  started?.project?.cleanup();
  await started?.stack?.emulator.close();
}
