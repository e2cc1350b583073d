/**
 * Check-time rules of a Deployment shipped from source, without any request
 * or file read: the install and build commands' characters, reserved
 * variable names, and the source tree's layout once read (see
 * {@link SourceTreeFacts}). Each failure names the property, the character,
 * name or path, and the fix.
 */
import type { CheckFailure } from "../../engine/fields/fieldSpec";
import { propertyPath } from "../../engine/fields/paths";
import { UNKNOWN } from "../../engine/fields/values";
import { resolveDependencies } from "./layout";
import { RESERVED_VARIABLE_NAMES, SELF_HOSTED_ONLY_VARIABLE_NAMES } from "./reservedVariables";
import { configMissingReason, dependencyOutsideReason } from "./treeReasons";

/** The characters langgraph-cli 0.4.40 refuses in install and build commands (`DISALLOWED_BUILD_COMMAND_CHARS`), with how messages name them. */
export const REFUSED_COMMAND_CHARACTERS: ReadonlyMap<string, string> = new Map([
  ['"', 'a double quote (")'],
  ["`", "a backtick (`)"],
  ["\\", "a backslash (\\)"],
  ["\n", "a newline"],
  ["\r", "a carriage return"],
  ["\0", "a NUL character"],
  ["\t", "a tab"],
  ["|", "a pipe (|)"],
  [";", "a semicolon (;)"],
  ["$", "a dollar sign ($)"],
  [">", "a greater-than sign (>)"],
  ["<", "a less-than sign (<)"],
]);

/** An odd run of `&` (a single one backgrounds a command); `&&` chains and is allowed. */
const SINGLE_AMPERSAND = /(?<!&)&(?:&&)*(?!&)/;

/** The install and build command inputs. */
const COMMAND_PROPERTIES = [
  ["sourceConfig", "installCommand"],
  ["sourceConfig", "buildCommand"],
] as const;

/** `["a", "b", "c"]` as `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** What in `command` the service refuses, each as a message names it (empty: nothing). */
export function refusedCommandContent(command: string): string[] {
  const found = [...REFUSED_COMMAND_CHARACTERS].filter(([char]) => command.includes(char)).map(([, name]) => name);
  if (SINGLE_AMPERSAND.test(command)) found.push('a single "&" (it runs a command in the background)');
  return found;
}

/** Failures for install and build commands (`raw.sourceConfig.installCommand`, `.buildCommand`) holding refused characters. */
export function checkSourceCommands(raw: Record<string, unknown>): CheckFailure[] {
  const sourceConfig = raw["sourceConfig"];
  if (sourceConfig === null || typeof sourceConfig !== "object") return [];
  return COMMAND_PROPERTIES.flatMap(([parent, key]) => {
    const command = (sourceConfig as Record<string, unknown>)[key];
    if (typeof command !== "string" || command === UNKNOWN) return [];
    const found = refusedCommandContent(command);
    if (found.length === 0) return [];
    return [
      {
        property: propertyPath([parent, key]),
        reason: `${key} contains ${listed(found)}, which the service refuses in install and build commands ("&&" to chain commands is allowed); move the steps into a script in the source tree and run that script`,
      },
    ];
  });
}

/** Failures and warnings of {@link checkReservedVariables}. */
export interface VariableNameCheck {
  /** Names the service keeps for itself. */
  readonly failures: CheckFailure[];
  /** Names allowed only on self-hosted installs, one sentence each. */
  readonly warnings: string[];
}

/** Reserved names among the variables: `secrets[].name`, `secretReferences[].name` and the keys of `environmentVariables`. */
export function checkReservedVariables(raw: Record<string, unknown>): VariableNameCheck {
  const named: { name: string; property: string }[] = [];
  const variables = raw["environmentVariables"];
  if (variables !== null && typeof variables === "object" && !Array.isArray(variables)) {
    for (const name of Object.keys(variables)) named.push({ name, property: propertyPath(["environmentVariables", name]) });
  }
  for (const list of ["secrets", "secretReferences"] as const) {
    const entries = raw[list];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, index) => {
      const name = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>)["name"] : undefined;
      if (typeof name === "string" && name !== UNKNOWN) named.push({ name, property: propertyPath([list, index, "name"]) });
    });
  }
  const failures: CheckFailure[] = [];
  const warnings: string[] = [];
  for (const { name, property } of named) {
    if (RESERVED_VARIABLE_NAMES.has(name)) {
      failures.push({
        property,
        reason: `environment variable ${name} is reserved: the service sets it on every deployment; remove it, or rename it if it is your own setting`,
      });
    } else if (SELF_HOSTED_ONLY_VARIABLE_NAMES.has(name)) {
      warnings.push(
        `${property}: environment variable ${name} is allowed only on self-hosted LangSmith; LangSmith's cloud refuses it, so remove it unless this deployment runs on a self-hosted install`,
      );
    }
  }
  return { failures, warnings };
}

/** What Check knows of a source tree once it has read it: whether the config file is there, and the local dependencies its config names. */
export interface SourceTreeFacts {
  /** The config file's path in the tree (`graphConfigPath`, default `langgraph.json`). */
  readonly configPath: string;
  /** Whether the tree holds a regular file there. */
  readonly configFound: boolean;
  /** The config's local dependencies (its `.`-prefixed `dependencies` entries), as written. */
  readonly localDependencies: readonly string[];
  /** How messages name the tree, e.g. the directory's path. */
  readonly description: string;
}

/** Failures of a source tree at `property` (the source input): no config file, or a local dependency outside the tree. */
export function checkSourceTree(property: string, facts: SourceTreeFacts): CheckFailure[] {
  if (!facts.configFound) return [{ property, reason: configMissingReason(facts.configPath, facts.description) }];
  return resolveDependencies(facts.configPath, facts.localDependencies).outside.map(({ dependency }) => ({
    property,
    reason: dependencyOutsideReason(facts.configPath, dependency, facts.description),
  }));
}
