import { type ChangeEffect, DEPLOYMENT_FIELDS, valueAt } from "./deploymentSchema";
import { secretsChanged } from "./deploymentSecrets";
import { containsUnknown, sameValue, UNKNOWN } from "./values";

/** Result of comparing the previous outputs with the new inputs. */
export interface DeploymentDiff {
  /** Always explicit: false means the engine shows no change. */
  changes: boolean;
  /** Fields whose change needs a new deployment. */
  replaces: string[];
  /** True when the replacement keeps the name: names are unique in a workspace, so the old one goes first. */
  deleteBeforeReplace: boolean;
  /** Changed fields by effect (for the update plan and `lastOperation`). */
  changed: Record<ChangeEffect, string[]>;
}

/**
 * Compares previous outputs (`olds`, which echo every input except the
 * secrets, recorded as fingerprints) with new inputs. Values unknown during a
 * preview count as "may change". Secret values are compared with their
 * fingerprints and never reported: only the path `secrets` appears.
 */
export function diffDeployment(olds: Record<string, unknown>, news: Record<string, unknown>): DeploymentDiff {
  const changed: Record<ChangeEffect, string[]> = { replace: [], patch: [], revision: [], local: [] };
  for (const field of DEPLOYMENT_FIELDS) {
    if (field.path === "secrets") {
      if (secretsChanged(olds, news["secrets"])) changed[field.effect].push(field.path);
      continue;
    }
    const before = normalize(field.path, valueAt(olds, field.path));
    const after = normalize(field.path, valueAt(news, field.path));
    const parent = field.path.includes(".") ? field.path.slice(0, field.path.indexOf(".")) : undefined;
    const parentUnknown = parent !== undefined && valueAt(news, parent) === UNKNOWN;
    if (containsUnknown(after) || parentUnknown || !sameValue(before, after)) changed[field.effect].push(field.path);
  }
  const replaces = changed.replace;
  const nameUnchanged = !changed.replace.includes("name");
  return {
    changes: Object.values(changed).some((paths) => paths.length > 0),
    replaces,
    deleteBeforeReplace: replaces.length > 0 && nameUnchanged,
    changed,
  };
}

/**
 * Treats "unset" and the defaults alike so that a refresh does not report
 * phantom changes: null and undefined are the same, and `waitForDeployed`
 * true is its default.
 */
function normalize(path: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (path === "waitForDeployed" && value === true) return undefined;
  return value;
}

/** Plain words for a set of changed paths, e.g. `repoRef, secrets`. */
export function describeChanges(paths: readonly string[]): string {
  return paths.map((path) => path.split(".").pop() ?? path).join(", ");
}
