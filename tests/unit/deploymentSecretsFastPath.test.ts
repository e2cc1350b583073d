/**
 * The Deployment's secret comparison without hashing: `check` marks inputs
 * whose secrets equal the previous inputs' (SECRETS_UNCHANGED_KEY), and `diff`
 * then skips the scrypt fingerprints, unless a refresh recorded a change or
 * the names differ. The fingerprint comparison (one scrypt hash each) is spied on to count hashes.
 */
import * as fingerprint from "../../provider/engine/secrets/fingerprint";
import { provider } from "../../provider/dynamic/deployment";
import {
  CHANGED_OUTSIDE_PULUMI,
  fingerprintSecrets,
  markUnchangedSecrets,
  SECRETS_UNCHANGED_KEY,
  secretsChanged,
} from "../../provider/deployments/deployment/fingerprint";
import { outputsFrom } from "../../provider/deployments/deployment/state";
import type { DeploymentInputs } from "../../provider/deployments/deployment/fields";
import { UNKNOWN } from "../../provider/engine/fields/values";

const A = { name: "A", value: "canary-fast-a" };
const B = { name: "B", value: "canary-fast-b" };

const inputs = (secrets: unknown): Record<string, unknown> => ({
  name: "agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  secrets,
});

function outputsOf(raw: Record<string, unknown>): Record<string, unknown> {
  const deployment = {
    id: "dep-1",
    name: "agent",
    source: "github",
    source_config: {},
    source_revision_config: { langgraph_config_path: "langgraph.json" },
    latest_revision_id: "rev-1",
  };
  return outputsFrom(
    { ...(raw as unknown as DeploymentInputs), sourceConfig: raw["sourceConfig"] as DeploymentInputs["sourceConfig"] },
    { deployment, revisionStatus: "DEPLOYED" },
    "created",
  ) as unknown as Record<string, unknown>;
}

describe("check marks secrets equal to the previous inputs'", () => {
  test.each([
    ["same list", [A, B], [A, B], true],
    ["same list in another order", [A, B], [B, A], true],
    ["no secrets before or after", undefined, [], true],
    ["a changed value", [A, B], [A, { ...B, value: "other" }], false],
    ["a renamed secret", [A], [{ ...A, name: "C" }], false],
    ["one more secret", [A], [A, B], false],
    ["an unknown value (preview)", [A], [{ name: "A", value: UNKNOWN }], false],
    ["an unknown list (preview)", [A], UNKNOWN, false],
    ["a create (no previous inputs)", "none", [A], false],
  ])("%s", (_label, before, after, marked) => {
    const olds = before === "none" ? {} : inputs(before);
    const checked = markUnchangedSecrets(olds, inputs(after));
    expect(checked[SECRETS_UNCHANGED_KEY] === true).toBe(marked);
    expect(JSON.stringify(checked[SECRETS_UNCHANGED_KEY] ?? null)).not.toContain("canary");
  });

  test("a marker that does not hold is removed, whoever set it", () => {
    const checked = markUnchangedSecrets(inputs([A]), { ...inputs([B]), [SECRETS_UNCHANGED_KEY]: true });
    expect(SECRETS_UNCHANGED_KEY in checked).toBe(false);
  });
});

describe("diff with the marker", () => {
  const recorded = { secretsFingerprint: fingerprintSecrets([A, B]) };
  let hashes: jest.SpyInstance;

  beforeEach(() => {
    hashes = jest.spyOn(fingerprint, "fingerprintMatches");
  });
  afterEach(() => {
    hashes.mockRestore();
  });

  test("marked and the record has the same names: unchanged, with no hash", () => {
    expect(secretsChanged(recorded, [A, B], true)).toBe(false);
    expect(hashes).not.toHaveBeenCalled();
  });

  test("not marked: each value is compared with its fingerprint", () => {
    expect(secretsChanged(recorded, [A, B])).toBe(false);
    expect(hashes).toHaveBeenCalledTimes(2);
  });

  test("a change a refresh recorded wins over the marker", () => {
    const refreshed = {
      secretsFingerprint: { ...recorded.secretsFingerprint!, values: { ...recorded.secretsFingerprint!.values, B: CHANGED_OUTSIDE_PULUMI } },
    };
    expect(secretsChanged(refreshed, [A, B], true)).toBe(true);
  });

  test("other names than recorded are a change, marker or not", () => {
    expect(secretsChanged(recorded, [A, { ...B, name: "C" }], true)).toBe(true);
    expect(secretsChanged(recorded, [A], true)).toBe(true);
  });

  test("unknown values are a change, marker or not", () => {
    expect(secretsChanged(recorded, [A, { name: "B", value: UNKNOWN }], true)).toBe(true);
  });

  test("through the provider: check then diff of an unchanged deployment hashes nothing; a changed secret is seen", async () => {
    const olds = inputs([A, B]);
    const outs = outputsOf(olds);
    hashes.mockClear();
    const same = await provider.check!(olds, inputs([B, A]));
    expect((await provider.diff!("dep-1", outs, same.inputs)).changes).toBe(false);
    expect(hashes).not.toHaveBeenCalled();

    const changed = await provider.check!(olds, inputs([A, { ...B, value: "rotated" }]));
    expect((await provider.diff!("dep-1", outs, changed.inputs)).changes).toBe(true);
    expect(hashes).toHaveBeenCalled();
  });
});
