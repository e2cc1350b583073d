/** `diff` of the Deployment, driven by its field table; secrets are compared with their fingerprints. */
import { type ChangedFields, diffFields, type FieldSpec } from "../../engine/fields/fields";
import type { DiffHooks } from "../../engine/kind/hooks";
import { needsResume } from "./state";
import { DEPLOYMENT_FIELDS } from "./fields";
import { SECRETS_UNCHANGED_KEY, secretsChanged } from "./fingerprint";
import { SOURCE_OUTPUTS } from "./outputs";
import { sourceContentOf } from "./sourceContent";

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
  const changed = diffFields(DEPLOYMENT_FIELDS, olds, news, (field) => comparedUnchanged(field, olds, news));
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

/**
 * Whether a field the Deployment compares itself is unchanged: the secrets
 * by their fingerprints (the values are never compared in the clear), the
 * source archive by the content hash Check read (not by its path or the
 * engine's hash); `undefined` for the other fields.
 */
function comparedUnchanged(field: FieldSpec, olds: Record<string, unknown>, news: Record<string, unknown>): boolean | undefined {
  if (field.path === "secrets") return !secretsChanged(olds, news["secrets"], news[SECRETS_UNCHANGED_KEY] === true);
  if (field.path === "sourceArchive") {
    const content = sourceContentOf(news);
    if (content === undefined || news["sourceArchive"] === undefined) return undefined;
    return olds[SOURCE_OUTPUTS.contentHash] === content.contentHash;
  }
  return undefined;
}

/**
 * The Deployment's hooks around the engine's Diff: its secrets compared by
 * their fingerprints, and a wait that did not end in `DEPLOYED` (timed out,
 * interrupted, failed, or seen by a refresh mid-build) an update to make: it
 * resumes the wait or re-submits the revision.
 */
export const DEPLOYMENT_DIFF: DiffHooks = {
  compare: comparedUnchanged,
  after({ olds, result }) {
    if (!needsResume(olds)) return result;
    // The preview names what a resume is for: the revision's status (else an update shows no property).
    return { ...result, changes: true, updates: [...result.updates, "latestRevisionStatus"], pending: true };
  },
};
