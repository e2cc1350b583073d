/**
 * The Deployment dynamic provider, loaded by the shim (sdk/providerShim.ts)
 * as `pulumi-langsmith/provider/deployment`: the engine's calls wired to
 * check, diff and the named operations.
 */
import type * as pulumi from "@pulumi/pulumi";
import { configureProvider } from "../shared/context";
import { checkDeployment } from "./check";
import { diffDeployment } from "./diff";
import { createDeployment, deleteDeployment, readDeployment, updateDeployment } from "./operations";
import { markUnchangedSecrets } from "./secrets";
import { migrateDeploymentOutputs, needsResume } from "./state";

/** The Deployment dynamic provider. */
export const provider: pulumi.dynamic.ResourceProvider = {
  async configure(request) {
    configureProvider(request);
  },
  async check(olds, news) {
    // olds are the previous inputs here: equal secrets spare diff a hash per secret (see secrets.ts).
    return { inputs: markUnchangedSecrets(olds, news), failures: checkDeployment(news) };
  },
  async diff(_id, rawOlds, news) {
    const olds = migrateDeploymentOutputs(rawOlds);
    const result = diffDeployment(olds, news);
    return {
      // A wait that did not end in DEPLOYED (timed out, interrupted, failed, or seen by a refresh
      // mid-build) is an update to make: it resumes the wait or re-submits the revision.
      changes: result.changes || needsResume(olds),
      replaces: result.replaces,
      deleteBeforeReplace: result.deleteBeforeReplace,
    };
  },
  create: createDeployment,
  read: readDeployment,
  update: updateDeployment,
  delete: deleteDeployment,
};
