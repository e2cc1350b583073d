/**
 * The Deployment's declaration: its field table, its outputs and its hooks
 * around the engine's steps: a create (`create.ts`) or an update
 * (`update.ts`) waits until the revision is `DEPLOYED` (and resumes a wait
 * left unfinished), a refresh reads through the deployments' list, an
 * import keeps the secrets' fingerprints (`reads.ts`); its delete
 * (`delete.ts`) waits until the service has removed it.
 */
import { declareKind } from "../../engine/kind";
import { checkDeployment, deploymentCheckNotes } from "./check";
import { DEPLOYMENT_SOURCE_CHECK } from "./sourceContent";
import { DEPLOYMENT_DIFF } from "./diff";
import { DEPLOYMENT_READ } from "./reads";
import { DEPLOYMENT_FIELDS } from "./fields";
import { markUnchangedSecrets } from "./fingerprint";
import { DEPLOYMENT_CREATE } from "./create";
import { deleteDeployment } from "./delete";
import { DEPLOYMENT_TOKEN, listDeployments } from "./reads";
import { DEPLOYMENT_UPDATE } from "./update";
import { DEPLOYMENT_OUTPUT_SPECS } from "./outputs";
import { migrateDeploymentOutputs } from "./state";
import { zDeployment, zDeploymentCreateRequest, zDeploymentPatchRequest } from "../../client/wire/controlPlane.requests";

/** The Deployment. */
export const resource = declareKind({
  contractBodies: { requests: [zDeploymentCreateRequest, zDeploymentPatchRequest], responses: [zDeployment], outputWires: ["latest_revision_id", "status"] },
  token: DEPLOYMENT_TOKEN,
  // The service holds plain and secret variables in one list: which are plain only a program says, so a listing shows neither.
  listing: { leftOut: ["environmentVariables"], filters: { name: { type: "string", output: "name", doc: "Only the deployment of this exact name." } } },
  kind: "deployment",
  scope: "workspace",
  nameField: "name",
  description:
    "A LangSmith deployment (an agent server). Create waits until its revision is `DEPLOYED`; an update makes exactly one new revision when a revision field changes, patches in place otherwise; a change of `name` or `source` replaces it. An `internal_source` deployment ships its code from a directory (`sourceArchive`), as `langgraph deploy` does, when and only when the directory's content changed.",
  fields: DEPLOYMENT_FIELDS,
  groupDocs: {
    sourceConfig:
      "Where the deployment's code comes from and how it runs: the GitHub integration and repository, or the image registry; its deployment type, listener, resources and build commands.",
    sourceRevisionConfig: "What one revision builds: the branch or commit, the image, and the path of `langgraph.json`. A change makes one new revision.",
  },
  inputsNotInOutputs: ["secrets"],
  recordedOutputs: DEPLOYMENT_OUTPUT_SPECS,
  importForms: ["<id>", "<workspaceId>/<id>"],
  // Names are unique in a workspace: a replacement that keeps the name deletes the old deployment first.
  unique: ["name"],
  hooks: {
    migrate: migrateDeploymentOutputs,
    check(olds, news) {
      // olds are the previous inputs here: equal secrets spare diff a hash per secret (see fingerprint.ts).
      return { inputs: markUnchangedSecrets(olds, news), failures: checkDeployment(news), notes: deploymentCheckNotes(news) };
    },
    checkLocal: DEPLOYMENT_SOURCE_CHECK,
    diff: DEPLOYMENT_DIFF,
    create: DEPLOYMENT_CREATE,
    read: DEPLOYMENT_READ,
    update: DEPLOYMENT_UPDATE,
    delete: deleteDeployment,
    list: listDeployments,
  },
});
