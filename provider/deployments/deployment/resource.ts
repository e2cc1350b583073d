/**
 * The Deployment: its field table, outputs and operations as one
 * {@link LangSmithResource}, served by the native plugin and, through
 * `provider/dynamic/`, by the dynamic provider.
 */
import { droppingSnapshots } from "../../engine/reads/listSnapshots";
import type { LangSmithResource } from "../../engine/resource";
import { checkDeployment } from "./check";
import { diffDeployment } from "./diff";
import { DEPLOYMENT_FIELDS } from "./fields";
import { markUnchangedSecrets } from "./fingerprint";
import { createDeployment, deleteDeployment, DEPLOYMENT_TOKEN, importDeployment, readDeployment, updateDeployment } from "./operations";
import { DEPLOYMENT_OUTPUT_SPECS } from "./outputs";
import { migrateDeploymentOutputs, needsResume } from "./state";

/** The Deployment resource. */
export const resource: LangSmithResource = {
  token: DEPLOYMENT_TOKEN,
  description:
    "A LangSmith deployment (an agent server). Create waits until its revision is `DEPLOYED`; an update makes exactly one new revision when a revision field changes, patches in place otherwise; a change of `name` or `source` replaces it.",
  fields: DEPLOYMENT_FIELDS,
  inputsNotInOutputs: ["secrets"],
  outputs: DEPLOYMENT_OUTPUT_SPECS,
  migrate: migrateDeploymentOutputs,
  check(olds, news) {
    // olds are the previous inputs here: equal secrets spare diff a hash per secret (see fingerprint.ts).
    return { inputs: markUnchangedSecrets(olds, news), failures: checkDeployment(news) };
  },
  diff(olds, news) {
    const result = diffDeployment(olds, news);
    return {
      changes: result.changes,
      replaces: result.replaces,
      updates: [...result.changed.inPlace, ...result.changed.revision, ...result.changed.local],
      deleteBeforeReplace: result.deleteBeforeReplace,
      // A wait that did not end in DEPLOYED (timed out, interrupted, failed, or seen by a refresh
      // mid-build) is an update to make: it resumes the wait or re-submits the revision.
      pending: needsResume(olds),
    };
  },
  // A write drops what this operation read of the deployments' list (refresh reads through it).
  create: droppingSnapshots(DEPLOYMENT_TOKEN, createDeployment),
  read: readDeployment,
  update: droppingSnapshots(DEPLOYMENT_TOKEN, updateDeployment),
  delete: droppingSnapshots(DEPLOYMENT_TOKEN, deleteDeployment),
  import: importDeployment,
};

