/** `check` of the Deployment: the field table's rules plus those across fields, without any request or file read. */
import { type CheckFailure, checkFields } from "../../engine/fields/fields";
import { getPath, propertyPath } from "../../engine/fields/paths";
import { UNKNOWN } from "../../engine/fields/values";
import type { CheckNote } from "../../engine/resource";
import { checkReservedVariables, checkSourceCommands } from "../source/checks";
import { DEPLOYMENT_FIELDS } from "./fields";

/** The source whose code the provider ships (`sourceArchive`) or another upload names (`sourceTarballPath`). */
const UPLOADED_SOURCE = "internal_source";

/**
 * Validates raw inputs (values still unknown during a preview pass). Beyond
 * the table: an environment variable name may appear once across
 * `environmentVariables`, `secrets` and `secretReferences`; an
 * `internal_source` deployment takes its code from exactly one of
 * `sourceArchive` and `sourceRevisionConfig.sourceTarballPath`, and its
 * build commands and variable names follow `langgraph deploy`'s rules.
 */
export function checkDeployment(raw: Record<string, unknown>): CheckFailure[] {
  const failures = [...checkFields(DEPLOYMENT_FIELDS, raw, "Deployment"), ...duplicateVariableNames(raw), ...uploadedSourceRules(raw)];
  if (raw["source"] !== UPLOADED_SOURCE) return failures;
  return [...failures, ...checkSourceCommands(raw), ...checkReservedVariables(raw).failures];
}

/** The warnings of {@link checkDeployment}'s inputs: variable names an `internal_source` deployment may use on a self-hosted install only. */
export function deploymentCheckNotes(raw: Record<string, unknown>): CheckNote[] {
  if (raw["source"] !== UPLOADED_SOURCE) return [];
  return checkReservedVariables(raw).warnings.map((message) => ({ severity: "warning", message }));
}

/** An environment variable name listed twice across the three lists. */
function duplicateVariableNames(raw: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const variables = raw["environmentVariables"];
  // The plain variables' names first: a secret of the same name is the one reported.
  const seen = new Set<string>(variables !== null && typeof variables === "object" && !Array.isArray(variables) ? Object.keys(variables) : []);
  for (const list of ["secrets", "secretReferences"] as const) {
    const entries = raw[list];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, index) => {
      const name = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>)["name"] : undefined;
      if (typeof name !== "string" || name === UNKNOWN) return;
      if (seen.has(name)) {
        failures.push({
          property: propertyPath([list, index, "name"]),
          reason: `environment variable ${name} is listed twice (across environmentVariables, secrets and secretReferences a name may appear once)`,
        });
      }
      seen.add(name);
    });
  }
  return failures;
}

/** Where an `internal_source` deployment's code comes from: exactly one of the archive and the tarball path, and neither for another source. */
function uploadedSourceRules(raw: Record<string, unknown>): CheckFailure[] {
  const source = raw["source"];
  if (source === UNKNOWN || source === undefined) return [];
  const archive = raw["sourceArchive"];
  const tarball = getPath(raw, "sourceRevisionConfig.sourceTarballPath");
  const hasArchive = archive !== undefined && archive !== null;
  const hasTarball = tarball !== undefined && tarball !== null;
  if (source !== UPLOADED_SOURCE) {
    return [
      ...(hasArchive
        ? [
            {
              property: "sourceArchive",
              reason: `sourceArchive is shipped by internal_source deployments only; set source to "internal_source", or remove sourceArchive`,
            },
          ]
        : []),
      ...(hasTarball
        ? [
            {
              property: "sourceRevisionConfig.sourceTarballPath",
              reason: `sourceTarballPath names the code of internal_source deployments only; set source to "internal_source", or remove it`,
            },
          ]
        : []),
    ];
  }
  if (hasArchive && hasTarball) {
    return [
      {
        property: "sourceArchive",
        reason:
          "set one of sourceArchive (a directory the provider uploads) and sourceRevisionConfig.sourceTarballPath (an archive uploaded by other means), not both",
      },
    ];
  }
  if (!hasArchive && !hasTarball) {
    return [
      {
        property: "sourceArchive",
        reason: `an internal_source deployment needs its code: set sourceArchive to the agent's directory (new pulumi.asset.FileArchive("./agent")), or sourceRevisionConfig.sourceTarballPath to an archive already uploaded`,
      },
    ];
  }
  return [];
}
