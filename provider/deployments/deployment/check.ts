/** `check` of the Deployment: the field table's rules plus one across fields, without any request. */
import { type CheckFailure, checkFields } from "../../engine/fields/fields";
import { propertyPath } from "../../engine/fields/paths";
import { UNKNOWN } from "../../engine/fields/values";
import { DEPLOYMENT_FIELDS } from "./fields";

/**
 * Validates raw inputs (values still unknown during a preview pass). Beyond
 * the table: an environment variable name may appear once across
 * `environmentVariables`, `secrets` and `secretReferences`.
 */
export function checkDeployment(raw: Record<string, unknown>): CheckFailure[] {
  const failures = checkFields(DEPLOYMENT_FIELDS, raw, "Deployment");
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
