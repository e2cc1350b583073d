/**
 * A Deployment's plain environment variables (`environmentVariables`) beside
 * its secrets: the service keeps both in one list (`secrets` on the wire), so
 * the bodies send them together, a change of either sends both, the
 * service's own secrets go back when the program declares none, and a
 * refresh reads each half as what it is.
 */
import type { Deployment } from "../../provider/client/contractTypes/controlPlane";
import { checkDeployment } from "../../provider/deployments/deployment/check";
import { diffDeployment } from "../../provider/deployments/deployment/diff";
import { VariablesUnreadableError } from "../../provider/deployments/deployment/errors";
import { CHANGED_OUTSIDE_PULUMI, fingerprintSecrets } from "../../provider/deployments/deployment/fingerprint";
import { outputsFrom, parseInputs, refreshedOutputs } from "../../provider/deployments/deployment/state";
import { keptSecrets, toCreateRequest, toPatchRequest } from "../../provider/deployments/deployment/wire";

const base = {
  name: "agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
};
const noChange = { replace: [], inPlace: [], revision: [], local: [], createOnly: [] };

describe("Deployment environmentVariables", () => {
  it("are checked as environment variables, and a name may not also be a secret or a secret reference", () => {
    expect(checkDeployment({ ...base, environmentVariables: { LOG_LEVEL: "info" }, secrets: [{ name: "API_KEY", value: "x" }] })).toEqual([]);
    expect(checkDeployment({ ...base, environmentVariables: { "LOG-LEVEL": "info" } })).toEqual([
      expect.objectContaining({ reason: expect.stringContaining("environment variable names are letters, digits and _") }),
    ]);
    expect(checkDeployment({ ...base, environmentVariables: { API_KEY: "plain" }, secrets: [{ name: "API_KEY", value: "x" }] })).toEqual([
      { property: "secrets[0].name", reason: expect.stringContaining("API_KEY is listed twice (across environmentVariables, secrets and secretReferences") },
    ]);
  });

  it("go to the service in its one list with the secrets: plain ones first", () => {
    const inputs = parseInputs({ ...base, environmentVariables: { LOG_LEVEL: "info" }, secrets: [{ name: "API_KEY", value: "s3cret" }] });
    expect(toCreateRequest(inputs).secrets).toEqual([
      { name: "LOG_LEVEL", value: "info" },
      { name: "API_KEY", value: "s3cret" },
    ]);
    expect(toCreateRequest(parseInputs(base)).secrets).toEqual([]);
  });

  it("a change of either half sends the whole list; the service's own secrets go back when the program declares none", () => {
    const both = parseInputs({ ...base, environmentVariables: { LOG_LEVEL: "debug" }, secrets: [{ name: "API_KEY", value: "s3cret" }] });
    const envChanged = { ...noChange, revision: ["environmentVariables"] };
    expect(toPatchRequest(both, envChanged, true).secrets).toEqual([
      { name: "LOG_LEVEL", value: "debug" },
      { name: "API_KEY", value: "s3cret" },
    ]);
    expect(toPatchRequest(both, { ...noChange, revision: ["secrets"] }, true).secrets).toEqual([
      { name: "LOG_LEVEL", value: "debug" },
      { name: "API_KEY", value: "s3cret" },
    ]);
    const plainOnly = parseInputs({ ...base, environmentVariables: { LOG_LEVEL: "debug" } });
    const kept = [{ name: "SERVICE_SIDE", value: "kept" }];
    expect(toPatchRequest(plainOnly, envChanged, true, kept).secrets).toEqual([{ name: "LOG_LEVEL", value: "debug" }, ...kept]);
    // A revision change elsewhere sends no list at all.
    expect(toPatchRequest(plainOnly, { ...noChange, revision: ["sourceRevisionConfig.repoRef"] }, true, kept).secrets).toBeUndefined();
  });

  it("the service's own secrets are the entries that are not plain variables; without their values the update is refused", () => {
    const deployment = {
      name: "agent",
      secrets: [
        { name: "LOG_LEVEL", value: "info" },
        { name: "SERVICE_SIDE", value: "kept" },
      ],
    } as Pick<Deployment, "name" | "secrets">;
    expect(keptSecrets(deployment, new Set(["LOG_LEVEL"]), "updating deployment")).toEqual([{ name: "SERVICE_SIDE", value: "kept" }]);
    const hidden = { name: "agent", secrets: [{ name: "SERVICE_SIDE", value: null }] } as Pick<Deployment, "name" | "secrets">;
    expect(() => keptSecrets(hidden, new Set(["LOG_LEVEL"]), "updating deployment")).toThrow(VariablesUnreadableError);
    expect(() => keptSecrets(hidden, new Set(["LOG_LEVEL"]), "updating deployment")).toThrow(/did not answer the values of SERVICE_SIDE; declare secrets/);
  });

  it("a change is one new revision, shown by name and value in the diff", () => {
    const inputs = parseInputs({ ...base, environmentVariables: { LOG_LEVEL: "info" } });
    const olds = outputsFrom(inputs, { deployment: { latest_revision_id: "r1", status: "READY" }, revisionStatus: "DEPLOYED" }, "created");
    expect(olds.environmentVariables).toEqual({ LOG_LEVEL: "info" });
    const diff = diffDeployment(olds, { ...inputs, environmentVariables: { LOG_LEVEL: "debug" } });
    expect(diff.changed.revision).toEqual(["environmentVariables"]);
    expect(diff.replaces).toEqual([]);
    expect(diffDeployment(olds, { ...inputs }).changes).toBe(false);
  });

  it("a refresh reads the plain variables from the service's list (drift shows) and the rest as secrets", () => {
    const inputs = parseInputs({ ...base, environmentVariables: { LOG_LEVEL: "info" }, secrets: [{ name: "API_KEY", value: "s3cret" }] });
    const previous = outputsFrom(inputs, { deployment: { latest_revision_id: "r1", status: "READY" }, revisionStatus: "DEPLOYED" }, "created");
    const salt = (previous.secretsFingerprint as { salt: string }).salt;
    const deployment = {
      id: "d1",
      name: "agent",
      source: "github",
      source_config: {},
      source_revision_config: { repo_ref: "main" },
      latest_revision_id: "r1",
      status: "READY",
      secrets: [
        { name: "LOG_LEVEL", value: "debug" },
        { name: "API_KEY", value: "s3cret" },
      ],
    } as unknown as Deployment;
    const refreshed = refreshedOutputs(previous, { deployment, revisionStatus: "DEPLOYED" });
    expect(refreshed["environmentVariables"]).toEqual({ LOG_LEVEL: "debug" });
    // The plain variable is not taken for a secret changed outside Pulumi; the secret keeps its fingerprint.
    expect(refreshed["secretsFingerprint"]).toEqual(fingerprintSecrets([{ name: "API_KEY", value: "s3cret" }], salt));
    expect(JSON.stringify(refreshed["secretsFingerprint"])).not.toContain(CHANGED_OUTSIDE_PULUMI);
  });
});
