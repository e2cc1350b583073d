import { checkDeployment as validateDeploymentInputs } from "../../provider/deployments/deployment/check";
import { toCreateRequest } from "../../provider/deployments/deployment/wire";
import { UNKNOWN } from "../../provider/engine/fields/values";

const valid = {
  name: "agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  secrets: [{ name: "OPENAI_API_KEY", value: "sk" }],
};

describe("validateDeploymentInputs", () => {
  it("accepts valid inputs and values still unknown during a preview", () => {
    expect(validateDeploymentInputs(valid)).toEqual([]);
    expect(validateDeploymentInputs({ ...valid, name: UNKNOWN, sourceRevisionConfig: UNKNOWN, secrets: [{ name: "A", value: UNKNOWN }] })).toEqual([]);
  });

  it.each([
    ["missing name", { ...valid, name: undefined }, "name", "name is required"],
    ["empty name", { ...valid, name: " " }, "name", "must not be empty"],
    ["name with a slash", { ...valid, name: "a/b" }, "name", "may contain letters"],
    ["name with ..", { ...valid, name: ".." }, "name", "may contain letters"],
    ["name too long", { ...valid, name: "a".repeat(64) }, "name", "longer than 63"],
    ["name not a string", { ...valid, name: 42 }, "name", "must be a string"],
    ["missing source", { ...valid, source: undefined }, "source", "source is required"],
    ["repoUrl not a URL", { ...valid, sourceConfig: { repoUrl: "not a url" } }, "sourceConfig.repoUrl", "must be a URL"],
    ["buildOnPush not boolean", { ...valid, sourceConfig: { buildOnPush: "yes" } }, "sourceConfig.buildOnPush", "must be a boolean"],
    ["empty repoRef", { ...valid, sourceRevisionConfig: { repoRef: "" } }, "sourceRevisionConfig.repoRef", "must not be empty"],
    ["secret name with a dash", { ...valid, secrets: [{ name: "A-B", value: "x" }] }, "secrets[0].name", "environment variable names"],
    ["secret without value", { ...valid, secrets: [{ name: "A" }] }, "secrets[0].value", "is required"],
    [
      "duplicate secret",
      {
        ...valid,
        secrets: [
          { name: "A", value: "1" },
          { name: "A", value: "2" },
        ],
      },
      "secrets[1].name",
      "listed twice",
    ],
    ["negative timeout", { ...valid, deployTimeoutSeconds: -1 }, "deployTimeoutSeconds", "positive number of seconds"],
    ["adoptExistingId with ?", { ...valid, adoptExistingId: "abc?x=1" }, "adoptExistingId", "must be a deployment id"],
    ["adoptExistingId with %", { ...valid, adoptExistingId: "%2e%2e" }, "adoptExistingId", "must be a deployment id"],
  ])("refuses %s, naming the property", (_label, inputs, property, reason) => {
    const failures = validateDeploymentInputs(inputs as Record<string, unknown>);
    expect(failures).toEqual(expect.arrayContaining([expect.objectContaining({ property, reason: expect.stringContaining(reason) })]));
  });

  it("never echoes a secret value in a failure", () => {
    const failures = validateDeploymentInputs({ ...valid, secrets: [{ name: "bad name", value: "canary-secret-value" }] });
    expect(failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures)).not.toContain("canary-secret-value");
  });
});

describe("toCreateRequest", () => {
  it("maps camelCase inputs to the snake_case wire", () => {
    expect(
      toCreateRequest({
        name: "agent",
        source: "github",
        sourceConfig: {
          integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
          repoUrl: "https://github.com/a/b",
          deploymentType: "dev",
          buildOnPush: true,
          customUrl: null,
        },
        sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json", imageUri: null },
        secrets: [{ name: "A", value: "1" }],
      }),
    ).toEqual({
      name: "agent",
      source: "github",
      source_config: {
        integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
        repo_url: "https://github.com/a/b",
        deployment_type: "dev",
        build_on_push: true,
        custom_url: null,
      },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json", image_uri: null },
      secrets: [{ name: "A", value: "1" }],
    });
  });
});
