// Where the tools bootstrap (scripts/bootstrap-tools.sh) recorded what it
// built: ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/tools.env, one
// `NAME=path` a line. The scripts that run a built tool read it from here.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * The path of the tool recorded as `variable` (e.g. `SDKGEN_BIN`), or given
 * in the environment under that name; exits the process with a message naming
 * `script` and `npm run tools` when neither has it.
 */
export function recordedTool(variable, script) {
  if (process.env[variable]) return process.env[variable];
  const envFile = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pulumi-langsmith", "tools.env");
  const line = existsSync(envFile)
    ? readFileSync(envFile, "utf8")
        .split("\n")
        .find((l) => l.startsWith(`${variable}=`))
    : undefined;
  if (!line) {
    console.error(`${script}: the tool ${variable} is not built: run npm run tools`);
    process.exit(1);
  }
  return line.slice(variable.length + 1).trim();
}
