import { diffDeployment as diffMigrated } from "../../provider/deployments/deployment/diff";
import { migrateDeploymentOutputs } from "../../provider/deployments/deployment/state";
import { DEPLOYMENT_FIELDS } from "../../provider/deployments/deployment/fields";
import { UNKNOWN } from "../../provider/engine/fields/values";

const base = {
  name: "agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev", buildOnPush: false },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  secrets: [
    { name: "A", value: "1" },
    { name: "B", value: "2" },
  ],
};

/** The provider's diff: previous outputs (here in release 0.1.0's layout, secrets in plain text) are migrated first. */
function diffDeployment(olds: Record<string, unknown>, news: Record<string, unknown>) {
  return diffMigrated(migrateDeploymentOutputs(olds), news);
}

/** Sets a dotted path on a deep copy. */
function withValue(path: string, value: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const keys = path.split(".");
  let target = copy;
  for (const key of keys.slice(0, -1)) {
    target[key] = target[key] ?? {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys[keys.length - 1]!] = value;
  return copy;
}

const changedValue: Record<string, unknown> = {
  workspaceId: "44444444-4444-4444-8444-444444444444",
  name: "agent-2",
  displayName: "Agent (v2)",
  source: "external_docker",
  "sourceConfig.integrationId": "0b8f5a0e-7b1e-4c9a-9d55-5a3c2e1f0a03",
  "sourceConfig.repoUrl": "https://github.com/acme/other",
  "sourceConfig.deploymentType": "prod",
  "sourceConfig.buildOnPush": true,
  "sourceConfig.customUrl": "https://agent.example.com",
  "sourceConfig.resourceSpec": { cpu: 1.5 },
  "sourceConfig.listenerId": "0b8f5a0e-7b1e-4c9a-9d55-5a3c2e1f0a02",
  "sourceConfig.templateId": "memory-agent",
  "sourceConfig.listenerConfig": { k8sNamespace: "agents" },
  "sourceConfig.installCommand": "pip install -e .",
  "sourceConfig.buildCommand": "make build",
  secretReferences: [{ name: "DB_URL", secretName: "db", secretKey: "url" }],
  "sourceRevisionConfig.repoRef": "v2",
  "sourceRevisionConfig.graphConfigPath": "other.json",
  "sourceRevisionConfig.imageUri": "registry.example.com/agent:1",
  "sourceRevisionConfig.sourceTarballPath": "uploads/agent-2.tar.gz",
  sourceArchive: { "4dabf18193072939515e22adb298388d": "0def7320c3a5731c473e5ecbe6d01bc7", path: "./agent", hash: "abc" },
  secrets: [{ name: "A", value: "changed" }],
  environmentVariables: { LOG_LEVEL: "debug" },
  waitForDeployed: false,
  deployTimeoutSeconds: 60,
  deleteTimeoutSeconds: 60,
};

describe("diffDeployment", () => {
  it("reports no change for identical inputs, with an explicit false", () => {
    expect(diffDeployment(base, base)).toMatchObject({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it.each(DEPLOYMENT_FIELDS.filter((field) => field.effect !== "createOnly").map((field) => [field.path, field.effect] as const))(
    "a change of %s has the effect %s",
    (path, effect) => {
      const result = diffDeployment(base, withValue(path, changedValue[path]));
      expect(result.changes).toBe(true);
      expect(result.changed[effect]).toEqual([path]);
      const others = Object.entries(result.changed).filter(([key]) => key !== effect);
      for (const [, paths] of others) expect(paths).toEqual([]);
      expect(result.replaces).toEqual(effect === "replace" ? [path] : []);
    },
  );

  it("deletes before replacing when the name stays (names are unique), creates first when it changes", () => {
    expect(diffDeployment(base, withValue("source", "external_docker")).deleteBeforeReplace).toBe(true);
    expect(diffDeployment(base, withValue("name", "agent-2")).deleteBeforeReplace).toBe(false);
  });

  it("treats unknown values as may-change, with the field's own effect", () => {
    expect(diffDeployment(base, withValue("sourceRevisionConfig.repoRef", UNKNOWN)).changed.revision).toEqual(["sourceRevisionConfig.repoRef"]);
    expect(diffDeployment(base, withValue("name", UNKNOWN)).replaces).toEqual(["name"]);
    const wholeObject = diffDeployment(base, withValue("sourceRevisionConfig", UNKNOWN));
    // A whole unknown object is reported once, at its own path (the same rule for every resource).
    expect(wholeObject.changed.revision).toEqual(["sourceRevisionConfig"]);
    // An unknown object holding fields of several effects counts once, under the strongest: sourceConfig may replace.
    const mixed = diffDeployment(base, withValue("sourceConfig", UNKNOWN));
    expect(mixed.replaces).toEqual(["sourceConfig"]);
    expect([...mixed.changed.inPlace, ...mixed.changed.revision, ...mixed.changed.local]).toEqual([]);
  });

  it("ignores adoptExistingId and __provider, secret order, and unset versus null", () => {
    const news = { ...base, adoptExistingId: "abc", __provider: "different", secrets: [...base.secrets].reverse() };
    expect(diffDeployment({ ...base, __provider: "old" }, news).changes).toBe(false);
    expect(diffDeployment(withValue("sourceConfig.customUrl", null), base).changes).toBe(false);
    expect(diffDeployment(base, withValue("waitForDeployed", true)).changes).toBe(false);
  });

  it("reports a secret change by path only", () => {
    const result = diffDeployment(
      base,
      withValue("secrets", [
        { name: "A", value: "canary-value" },
        { name: "B", value: "2" },
      ]),
    );
    expect(JSON.stringify(result)).not.toContain("canary-value");
    expect(result.changed.revision).toEqual(["secrets"]);
  });
});
