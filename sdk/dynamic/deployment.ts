import * as pulumi from "@pulumi/pulumi";
import { DEPLOYMENT_OUTPUT_SPECS } from "../../provider/deployments/deployment/outputs";
import { secretOutputNames, unsetOutputs } from "../../provider/engine/state/outputs";
import { providerShim } from "./providerShim";

/** Where the deployment's code comes from (`source_config`). */
export interface DeploymentSourceConfigArgs {
  /** Id (a UUID) of the code-hosting integration, for `github` sources. Changing it replaces the deployment. Default: unset. */
  integrationId?: pulumi.Input<string>;
  /** Repository URL, e.g. `https://github.com/acme/agent`. Changing it replaces the deployment. Default: unset. */
  repoUrl?: pulumi.Input<string>;
  /** Deployment type: `dev_free`, `dev` or `prod`. Changing it replaces the deployment. Default: the service's. */
  deploymentType?: pulumi.Input<"dev_free" | "dev" | "prod">;
  /** Whether pushes trigger builds. Changed in place, no new revision. Default: the service's. */
  buildOnPush?: pulumi.Input<boolean>;
  /** Custom URL, or null for none. Changed in place, no new revision. Default: unset. */
  customUrl?: pulumi.Input<string | null>;
  /** Resource specification (CPU, memory, replicas as the service defines them), or null. Changed in place. Default: unset. */
  resourceSpec?: pulumi.Input<Record<string, pulumi.Input<unknown>> | null>;
  /** The LangChain template the deployment is made from (`internal_template` sources), e.g. `react-agent`; a change replaces the deployment. */
  templateId?: pulumi.Input<string>;
  /** Id (a UUID) of the listener of a self-hosted data plane that runs the deployment. Changing it replaces the deployment. Default: unset. */
  listenerId?: pulumi.Input<string>;
  /** Listener settings: `k8sNamespace`, the Kubernetes namespace to deploy into. Changing it replaces the deployment. Default: unset. */
  listenerConfig?: pulumi.Input<{ k8sNamespace?: pulumi.Input<string> }>;
  /** Command that installs dependencies during the build. A change makes one new revision (a rebuild) and waits for it. Default: the service's. */
  installCommand?: pulumi.Input<string>;
  /** Command that builds the application. A change makes one new revision (a rebuild) and waits for it. Default: the service's. */
  buildCommand?: pulumi.Input<string>;
}

/** What to build (`source_revision_config`). Any change makes one new revision and waits for it. */
export interface DeploymentSourceRevisionConfigArgs {
  /** Branch, tag or commit to build, e.g. `main`. Default: unset. */
  repoRef?: pulumi.Input<string>;
  /** Path of the graph configuration file in the repository, e.g. `langgraph.json`. Default: unset. */
  graphConfigPath?: pulumi.Input<string>;
  /** Where the service keeps a source archive uploaded by other means (an upload URL's `object_path`), for `internal_source` deployments. Default: unset. */
  sourceTarballPath?: pulumi.Input<string>;
  /** Container image to deploy instead of building, or null. Default: unset. */
  imageUri?: pulumi.Input<string | null>;
}

/** One secret (an environment variable of the deployment). */
export interface DeploymentSecretArgs {
  /** Variable name: letters, digits and `_`, not starting with a digit. */
  name: pulumi.Input<string>;
  /** Value; always stored as a Pulumi secret. */
  value: pulumi.Input<string>;
}

/** One secret reference: an environment variable taken from a Kubernetes secret of a self-hosted data plane. Not secret itself. */
export interface DeploymentSecretReferenceArgs {
  /** Variable name: letters, digits and `_`, not starting with a digit. */
  name: pulumi.Input<string>;
  /** Name of the Kubernetes secret. */
  secretName: pulumi.Input<string>;
  /** Key inside that secret. */
  secretKey: pulumi.Input<string>;
}

/** Inputs of {@link Deployment}. */
export interface DeploymentArgs {
  /** Workspace the deployment lives in (e.g. a `Workspace` of the stack's native resources), sent as `X-Tenant-Id`. Default: `langsmith:workspaceId`. Changing it replaces the deployment. */
  workspaceId?: pulumi.Input<string>;
  /** Deployment name, unique in the workspace (letters, digits, `.`, `_`, `-`; at most 63). Changing it replaces the deployment. */
  name: pulumi.Input<string>;
  /** Name shown in LangSmith instead of `name` (set by a PATCH right after the create; the service cannot clear one). Default: none. Changing it updates the deployment in place. */
  displayName?: pulumi.Input<string>;
  /** Kind of source: `github`, `external_docker`, `internal_docker` or `internal_source`. Changing it replaces the deployment. */
  source: pulumi.Input<"github" | "external_docker" | "internal_docker" | "internal_source">;
  /** Source configuration. Default: `{}`. */
  sourceConfig?: pulumi.Input<DeploymentSourceConfigArgs>;
  /** Revision configuration. Default: `{}`. */
  sourceRevisionConfig?: pulumi.Input<DeploymentSourceRevisionConfigArgs>;
  /**
   * Secrets of the deployment. Always a Pulumi secret, even when given as plain
   * strings. A change makes one new revision and waits for it. Default: none.
   */
  secrets?: pulumi.Input<pulumi.Input<DeploymentSecretArgs>[]>;
  /**
   * Environment variables that are not secret, by name (e.g. `LOG_LEVEL`):
   * their values show in previews and the state. The service keeps them with
   * `secrets` in one list, so a name may appear in only one of the two (or
   * `secretReferences`). A change makes one new revision and waits for it.
   * Default: none.
   */
  environmentVariables?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * The agent's source directory, which the native provider's `Deployment`
   * packs and uploads. The dynamic provider cannot carry a Pulumi archive:
   * its check refuses this input and names the native class. Default: unset.
   */
  sourceArchive?: pulumi.Input<pulumi.asset.Archive>;
  /**
   * Environment variables read from Kubernetes secrets (`secret_references`),
   * for self-hosted data planes; a variable may come from `secrets` or from
   * here, not both. A change makes one new revision and waits for it. Default: none.
   */
  secretReferences?: pulumi.Input<pulumi.Input<DeploymentSecretReferenceArgs>[]>;
  /** Wait for each new revision to be `DEPLOYED`. Default: true. */
  waitForDeployed?: pulumi.Input<boolean>;
  /** Deadline of that wait, in seconds. Default: `langsmith:deployTimeoutSeconds`, else 1800. */
  deployTimeoutSeconds?: pulumi.Input<number>;
  /** Deadline of the wait for a deletion, in seconds. Default: `langsmith:deleteTimeoutSeconds`, else 900. */
  deleteTimeoutSeconds?: pulumi.Input<number>;
  /**
   * Id of an existing deployment to take over instead of creating one (the
   * way to import, since dynamic providers cannot serve `pulumi import`).
   * Used by create only; changing or removing it later does nothing.
   */
  adoptExistingId?: pulumi.Input<string>;
}

/**
 * A LangSmith deployment. Creating it waits until its first revision is
 * `DEPLOYED`; changing what to build makes exactly one new revision and waits
 * for it; other changes are applied in place or replace the deployment (see
 * the reference table in docs/resources.md). The resource id is the deployment's id and
 * stays known in update previews: use `id` to wire dependents.
 */
export class Deployment extends pulumi.dynamic.Resource {
  /** The deployment's name (as declared; after a refresh, as the service reports it). */
  declare readonly name: pulumi.Output<string>;
  /** Kind of source. */
  declare readonly source: pulumi.Output<"github" | "external_docker" | "internal_docker" | "internal_source">;
  /** Source configuration as declared (fields left unset are not managed). */
  declare readonly sourceConfig: pulumi.Output<DeploymentSourceConfigArgs>;
  /** Revision configuration as declared. */
  declare readonly sourceRevisionConfig: pulumi.Output<DeploymentSourceRevisionConfigArgs>;
  /** Environment variables that are not secret, as declared (after a refresh, as the service reports them). */
  declare readonly environmentVariables: pulumi.Output<Record<string, string> | undefined>;
  /** Secret references as declared (after a refresh, as the service reports them). */
  declare readonly secretReferences: pulumi.Output<DeploymentSecretReferenceArgs[] | undefined>;
  /**
   * Salted fingerprints of the secrets (a Pulumi secret): how the provider
   * tells whether a secret changed, in the program or outside Pulumi, without
   * keeping the values in its outputs.
   */
  declare readonly secretsFingerprint: pulumi.Output<{ algorithm: string; salt: string; values: Record<string, string> } | undefined>;
  /** Id of the newest revision. */
  declare readonly latestRevisionId: pulumi.Output<string | null>;
  /** Status of the newest revision when last observed, e.g. `DEPLOYED`. */
  declare readonly latestRevisionStatus: pulumi.Output<string | null>;
  /** Deployment status, e.g. `READY`. */
  declare readonly status: pulumi.Output<string | null>;
  /** Workspace the deployment belongs to. */
  declare readonly tenantId: pulumi.Output<string | null>;
  /** Creation time (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | null>;
  /** Time of the last change seen (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | null>;
  /**
   * How long the newest revisions took to reach `DEPLOYED`, newest first (at most 5), as the
   * provider's waits observed them (durations only); the next wait predicts from them.
   */
  declare readonly revisionTimings: pulumi.Output<Record<string, unknown>[] | undefined>;
  /** Content hash of the source last shipped from `sourceArchive` (native provider only: the dynamic provider ships none). */
  declare readonly sourceContentHash: pulumi.Output<string | undefined>;
  /** Files in the source last shipped from `sourceArchive`. */
  declare readonly sourceFileCount: pulumi.Output<number | undefined>;
  /** Size of the source last shipped from `sourceArchive`, in bytes (uncompressed). */
  declare readonly sourceSizeBytes: pulumi.Output<number | undefined>;
  /** Where the service keeps the source last shipped from `sourceArchive` (never the signed upload URL). */
  declare readonly sourceObjectPath: pulumi.Output<string | undefined>;
  /** What the last create or update did and why, in plain words (never secret). */
  declare readonly lastOperation: pulumi.Output<string>;
  /** Version of the state layout. */
  declare readonly stateVersion: pulumi.Output<number>;

  constructor(name: string, args: DeploymentArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = {
      name: args.name,
      source: args.source,
      sourceConfig: args.sourceConfig ?? {},
      sourceRevisionConfig: args.sourceRevisionConfig ?? {},
      secrets: args.secrets === undefined ? undefined : pulumi.secret(args.secrets),
      environmentVariables: args.environmentVariables,
      secretReferences: args.secretReferences,
      waitForDeployed: args.waitForDeployed,
      deployTimeoutSeconds: args.deployTimeoutSeconds,
      deleteTimeoutSeconds: args.deleteTimeoutSeconds,
      adoptExistingId: args.adoptExistingId,
      // Every output of the resource, unset until the provider answers (provider/deployment/outputs.ts).
      ...unsetOutputs(DEPLOYMENT_OUTPUT_SPECS),
    };
    const secretOutputs = ["secrets", ...secretOutputNames(DEPLOYMENT_OUTPUT_SPECS), ...(opts?.additionalSecretOutputs ?? [])];
    super(providerShim("deployment"), name, props, { ...opts, additionalSecretOutputs: secretOutputs }, "langsmith", "Deployment");
  }
}
