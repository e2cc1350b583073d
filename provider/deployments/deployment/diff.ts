/** `diff` of the Deployment, driven by its field table; secrets are compared with their fingerprints. */
import { type ChangedFields, diffFields } from "../../engine/fields/fields";
import { DEPLOYMENT_FIELDS } from "./fields";
import { SECRETS_UNCHANGED_KEY, secretsChanged } from "./fingerprint";

/** Result of comparing the previous outputs with the new inputs. */
export interface DeploymentDiff {
  /** Always explicit: false means the engine shows no change. */
  changes: boolean;
  /** Fields whose change needs a new deployment. */
  replaces: string[];
  /** True when the replacement keeps the name: names are unique in a workspace, so the old one goes first. */
  deleteBeforeReplace: boolean;
  /** Changed fields by effect (for the update plan and `lastOperation`). */
  changed: ChangedFields;
}

/**
 * Compares previous outputs (`olds`, which echo every input except the
 * secrets, recorded as fingerprints) with new inputs. Values unknown during a
 * preview count as "may change". Secret values are never reported: only the
 * path `secrets` appears.
 */
export function diffDeployment(olds: Record<string, unknown>, news: Record<string, unknown>): DeploymentDiff {
  const changed = diffFields(DEPLOYMENT_FIELDS, olds, news, (field) =>
    field.path === "secrets" ? !secretsChanged(olds, news["secrets"], news[SECRETS_UNCHANGED_KEY] === true) : undefined,
  );
  const replaces = changed.replace;
  return {
    changes: Object.values(changed).some((paths) => paths.length > 0),
    replaces,
    deleteBeforeReplace: replaces.length > 0 && !replaces.includes("name"),
    changed,
  };
}

/** Plain words for a set of changed paths, e.g. `repoRef, secrets`. */
export function describeChanges(paths: readonly string[]): string {
  return paths.map((path) => path.split(".").pop() ?? path).join(", ");
}
