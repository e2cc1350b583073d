#!/usr/bin/env node
/**
 * The package's command: `pulumi-langsmith adopt` (also `npx pulumi-langsmith
 * adopt`). Credentials and URLs come from the environment, as the provider
 * reads them (LANGSMITH_API_KEY, an organization-scoped key;
 * LANGSMITH_ENDPOINT; LANGSMITH_WORKSPACE_ID, the stack's workspace).
 * Progress goes to stderr; the files to --out.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ProviderSession } from "../engine/context/session";
import { messageOf } from "../engine/state/partialFailure";
import { packageSchema } from "../native/schema";
import { loadAllKinds } from "../registry";
import { packageVersion } from "../client/version";
import { adopt } from "./adopt";
import { ADOPT_LANGUAGES, type AdoptLanguage, REPORT_FILE } from "./files";

const USAGE = `Usage: pulumi-langsmith adopt [--language typescript|python|yaml] [--out <dir>] [--project <name>] [--workspaces <id or name>,...]

Reads every object of every kind pulumi-langsmith manages in the organization
and writes a Pulumi program, the import plan (import.json) and a report
(${REPORT_FILE}) into --out. It only reads.

Options:
  --language    the program's language (default typescript)
  --out         the directory to write into (default ./adopted)
  --project     the Pulumi project's name (default langsmith-organization)
  --workspaces  the workspaces to read, by id or name (default all)
  --help, -h    print this and exit

Environment:
  LANGSMITH_API_KEY            an organization-scoped key
  LANGSMITH_ENDPOINT           the REST API (default the us cloud); its control
                               plane follows it (LANGSMITH_CONTROL_PLANE_URL
                               to set it apart)
  LANGSMITH_WORKSPACE_ID       the stack's workspace (deployments are read there)`;

/** Parses `adopt`'s arguments; throws with the usage on a bad one. */
export function parseAdoptArguments(argv: readonly string[]): { language: AdoptLanguage; out: string; project: string; workspaces: string[] } {
  const args = [...argv];
  if (args.shift() !== "adopt") throw new Error(USAGE);
  const options = { language: "typescript" as AdoptLanguage, out: "adopted", project: "langsmith-organization", workspaces: [] as string[] };
  while (args.length > 0) {
    const flag = args.shift();
    const valueOf = (): string => {
      const value = args.shift();
      if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value\n\n${USAGE}`);
      return value;
    };
    if (flag === "--language") {
      const language = valueOf();
      if (!(ADOPT_LANGUAGES as readonly string[]).includes(language))
        throw new Error(`--language must be one of ${ADOPT_LANGUAGES.join(", ")}, not ${language}`);
      options.language = language as AdoptLanguage;
    } else if (flag === "--out") options.out = valueOf();
    else if (flag === "--project") options.project = valueOf();
    else if (flag === "--workspaces")
      options.workspaces = valueOf()
        .split(",")
        .map((w) => w.trim())
        .filter((w) => w !== "");
    else throw new Error(`unknown argument ${String(flag)}\n\n${USAGE}`);
  }
  return options;
}

/** True when `argv` asks for the usage: `--help` or `-h` anywhere, or `help` as the command. */
export function asksForHelp(argv: readonly string[]): boolean {
  return argv[0] === "help" || argv.includes("--help") || argv.includes("-h");
}

/** Runs `adopt` with parsed options: reads the organization and writes the files. */
async function runAdopt(options: ReturnType<typeof parseAdoptArguments>): Promise<void> {
  const session = new ProviderSession();
  session.configure(() => undefined);
  const context = session.operation({ log: (_severity, message) => process.stderr.write(`${message}\n`) });
  const adoption = await adopt(context, loadAllKinds(), packageSchema(packageVersion()), {
    language: options.language,
    project: options.project,
    version: packageVersion(),
    ...(options.workspaces.length > 0 ? { workspaces: options.workspaces } : {}),
    ...(context.settings.client.workspaceId !== undefined ? { stackWorkspaceId: context.settings.client.workspaceId } : {}),
  });
  const out = resolve(options.out);
  mkdirSync(out, { recursive: true });
  for (const [name, content] of Object.entries(adoption.files)) writeFileSync(join(out, name), content);
  process.stderr.write(
    `adopt: ${adoption.program.resources.length} objects; wrote ${Object.keys(adoption.files).join(", ")} to ${out}; next steps in ${REPORT_FILE}\n`,
  );
}

/**
 * The command's whole run: `argv` as after `pulumi-langsmith` (e.g.
 * `["adopt", "--language", "yaml"]`). Answers the exit code: 0 when done or
 * when the usage was asked for (printed to stdout), 1 on a failure or a bad
 * argument (the message, never a stack trace, on stderr).
 */
export async function runCommand(argv: readonly string[]): Promise<number> {
  if (asksForHelp(argv)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    await runAdopt(parseAdoptArguments(argv));
    return 0;
  } catch (error: unknown) {
    process.stderr.write(`pulumi-langsmith: ${error instanceof Error && error.message.startsWith("Usage:") ? error.message : messageOf(error)}\n`);
    return 1;
  }
}

if (require.main === module) {
  void runCommand(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
