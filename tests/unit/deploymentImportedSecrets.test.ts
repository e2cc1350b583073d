// An imported deployment's secrets (issue 20/21: an import never writes a
// secret's value anywhere): the import records only salted fingerprints,
// marked imported; until the program declares `secrets` they are not
// managed (no change, kept across updates and refreshes); declaring the same
// values shows no change, other values are a change.
import { diffDeployment } from "../../provider/deployments/deployment/diff";
import { importedSecretsFingerprint, reconcileWithService } from "../../provider/deployments/deployment/fingerprint";
import { inputsWithFingerprint, parseInputs } from "../../provider/deployments/deployment/state";

const CANARY = "canary-imported-secret-4d2a91";
const service = [{ name: "OPENAI_API_KEY", value: CANARY }];
const inputs = {
  name: "agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
};

describe("imported deployment secrets", () => {
  const fingerprint = importedSecretsFingerprint(service);
  const olds = { ...inputs, secretsFingerprint: fingerprint, stateVersion: 2 };

  it("are recorded as fingerprints only, marked imported", () => {
    expect(fingerprint).toMatchObject({ imported: true, values: { OPENAI_API_KEY: expect.any(String) } });
    expect(JSON.stringify(fingerprint)).not.toContain(CANARY);
    expect(importedSecretsFingerprint([])).toBeUndefined();
  });

  it("are not managed while the program declares no secrets; declaring the same values is no change, others are", () => {
    expect(diffDeployment(olds, inputs).changes).toBe(false);
    expect(diffDeployment(olds, { ...inputs, secrets: service }).changes).toBe(false);
    expect(diffDeployment(olds, { ...inputs, secrets: [{ name: "OPENAI_API_KEY", value: "another" }] }).changed.revision).toEqual(["secrets"]);
  });

  it("keep their record across an update and a refresh while undeclared, and follow the service", () => {
    expect(inputsWithFingerprint(parseInputs(inputs), olds).secretsFingerprint).toEqual(fingerprint);
    const refreshed = reconcileWithService(fingerprint, [{ name: "OPENAI_API_KEY", value: "rotated-outside" }]);
    expect(refreshed?.imported).toBe(true);
    expect(diffDeployment({ ...olds, secretsFingerprint: refreshed }, inputs).changes).toBe(false);
    expect(
      diffDeployment({ ...olds, secretsFingerprint: refreshed }, { ...inputs, secrets: [{ name: "OPENAI_API_KEY", value: "rotated-outside" }] }).changes,
    ).toBe(false);
  });

  it("stop being imported once the program declares them", () => {
    const declared = inputsWithFingerprint(parseInputs({ ...inputs, secrets: service }), olds).secretsFingerprint;
    expect(declared?.imported).toBeUndefined();
    expect(declared?.salt).toBe(fingerprint?.salt);
  });
});
