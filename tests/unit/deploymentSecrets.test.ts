import { CHANGED_OUTSIDE_PULUMI, fingerprintSecrets, reconcileWithService, secretsChanged } from "../../provider/deployments/deployment/fingerprint";
import { diffDeployment } from "../../provider/deployments/deployment/diff";
import { DEPLOYMENT_STATE_VERSION } from "../../provider/deployments/deployment/outputs";
import { migrateDeploymentOutputs } from "../../provider/deployments/deployment/state";
import { UNKNOWN } from "../../provider/engine/fields/values";

const declared = [
  { name: "A", value: "canary-value-a" },
  { name: "B", value: "canary-value-b" },
];

describe("deployment secrets fingerprint", () => {
  const fingerprint = fingerprintSecrets(declared)!;
  const olds = { secretsFingerprint: fingerprint };

  it("holds no value, only salted fingerprints per name", () => {
    expect(Object.keys(fingerprint.values)).toEqual(["A", "B"]);
    expect(JSON.stringify(fingerprint)).not.toContain("canary-value");
    expect(fingerprintSecrets(declared, fingerprint.salt)).toEqual(fingerprint);
    expect(fingerprintSecrets(declared)!.values["A"]).not.toBe(fingerprint.values["A"]);
  });

  it("detects value, name and count changes, ignores order, and treats unknown as changed", () => {
    expect(secretsChanged(olds, [...declared].reverse())).toBe(false);
    expect(
      secretsChanged(olds, [
        { name: "A", value: "canary-value-a" },
        { name: "B", value: "other" },
      ]),
    ).toBe(true);
    expect(secretsChanged(olds, [{ name: "A", value: "canary-value-a" }])).toBe(true);
    expect(
      secretsChanged(olds, [
        { name: "A", value: "canary-value-a" },
        { name: "C", value: "canary-value-b" },
      ]),
    ).toBe(true);
    expect(secretsChanged(olds, [declared[0], { name: "B", value: UNKNOWN }])).toBe(true);
    expect(secretsChanged({}, [])).toBe(false);
    expect(secretsChanged({}, undefined)).toBe(false);
  });

  it("reads the plain secrets that release 0.1.0 kept in its outputs (migrated at the one entry point)", () => {
    const legacy = migrateDeploymentOutputs({ secrets: declared, stateVersion: 1 });
    expect(legacy).not.toHaveProperty("secrets");
    expect(legacy["stateVersion"]).toBe(DEPLOYMENT_STATE_VERSION);
    expect(secretsChanged(legacy, [...declared].reverse())).toBe(false);
    expect(secretsChanged(legacy, [declared[0]])).toBe(true);
    expect(diffDeployment(legacy, { secrets: declared }).changes).toBe(false);
  });

  it("marks secrets changed outside Pulumi after a refresh, without copying the service's values", () => {
    const server = [
      { name: "A", value: "canary-value-a" },
      { name: "B", value: "canary-server-value" },
      { name: "EXTRA", value: "canary-extra" },
    ];
    const refreshed = reconcileWithService(fingerprint, server)!;
    expect(refreshed.values["A"]).toBe(fingerprint.values["A"]);
    expect(refreshed.values["B"]).toBe(CHANGED_OUTSIDE_PULUMI);
    expect(refreshed.values["EXTRA"]).toBe(CHANGED_OUTSIDE_PULUMI);
    expect(JSON.stringify(refreshed)).not.toContain("canary");
    expect(secretsChanged({ secretsFingerprint: refreshed }, declared)).toBe(true);
    expect(reconcileWithService(fingerprint, [{ name: "A", value: null }])).toBe(fingerprint);
    expect(reconcileWithService(fingerprint, undefined)).toBe(fingerprint);
    expect(Object.keys(reconcileWithService(fingerprint, [{ name: "A", value: "canary-value-a" }])!.values)).toEqual(["A"]);
  });
});
