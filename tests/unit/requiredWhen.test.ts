// Inputs another input makes required (FieldSpec.requiredWhen), found by the
// conformance matrix as objects the provider's check accepted and the
// service refused (issue 32): check now refuses them, naming the field and
// why, with no request; and an import keeps what the service does for an
// unset field when another input makes it required.
import { importFields } from "../../provider/engine/fields/fields";
import { loadKind } from "../../provider/registry";

function failures(token: string, inputs: Record<string, unknown>): string[] {
  const kind = loadKind(token);
  if (kind === undefined) throw new Error(`${token} is not registered`);
  return kind.check({}, inputs).failures.map((failure) => `${failure.property}: ${failure.reason}`);
}

describe("fields another input makes required", () => {
  it("a GitHub deployment needs its repository, integration, type, ref and graph path; a Docker one its image", () => {
    expect(failures("langsmith:index:Deployment", { name: "agent", source: "github" })).toEqual([
      'sourceConfig.integrationId: sourceConfig.integrationId is required when source is "github"',
      'sourceConfig.repoUrl: sourceConfig.repoUrl is required when source is "github"',
      'sourceConfig.deploymentType: sourceConfig.deploymentType is required when source is "github"',
      'sourceRevisionConfig.repoRef: sourceRevisionConfig.repoRef is required when source is "github"',
      'sourceRevisionConfig.graphConfigPath: sourceRevisionConfig.graphConfigPath is required when source is "github"',
    ]);
    expect(failures("langsmith:index:Deployment", { name: "agent", source: "external_docker" })).toEqual([
      'sourceRevisionConfig.imageUri: sourceRevisionConfig.imageUri is required when source is "external_docker"',
    ]);
    expect(
      failures("langsmith:index:Deployment", { name: "agent", source: "external_docker", sourceRevisionConfig: { imageUri: "docker.io/acme/agent:1" } }),
    ).toEqual([]);
  });

  it("nothing is refused while the deciding input is unknown (a preview)", () => {
    expect(failures("langsmith:index:Deployment", { name: "agent", source: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" })).toEqual([]);
  });

  it("a run rule reads a project or a dataset; SSO needs metadata; a threshold rule a threshold; an evaluator its type's settings; a categorical key its categories", () => {
    expect(
      failures("langsmith:index:RunRule", { displayName: "r", samplingRate: 1 }).filter((f) => f.startsWith("projectId") || f.startsWith("datasetId")),
    ).toHaveLength(2);
    const metadata = (inputs: Record<string, unknown>) =>
      failures("langsmith:index:SsoSettings", inputs)
        .filter((f) => f.startsWith("metadata"))
        .map((f) => f.split(":")[0]);
    expect(metadata({})).toEqual(["metadataUrl", "metadataXml"]);
    expect(metadata({ metadataUrl: "https://idp.example.com/saml" })).toEqual([]);
    const rule = {
      projectId: "7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d",
      name: "errors",
      attribute: "error_count",
      aggregation: "sum",
      operator: "gte",
      windowMinutes: 5,
    };
    expect(failures("langsmith:index:AlertRule", rule).filter((f) => f.startsWith("threshold"))).toEqual([
      "threshold: threshold is required for a threshold rule (the default type), e.g. 0.05",
    ]);
    expect(failures("langsmith:index:Evaluator", { name: "judge", type: "code" }).map((f) => f.split(":")[0])).toEqual(["code", "language"]);
    expect(failures("langsmith:index:Evaluator", { name: "judge", type: "llm" }).map((f) => f.split(":")[0])).toEqual(["promptHandle"]);
    expect(failures("langsmith:index:FeedbackConfig", { feedbackKey: "tone", type: "categorical" }).map((f) => f.split(":")[0])).toEqual(["categories"]);
  });

  it("an import keeps a GitHub deployment's dev type (required there), and leaves a Docker one's out", () => {
    const fields = loadKind("langsmith:index:Deployment")?.fields ?? [];
    const github = importFields(fields, {
      name: "agent",
      source: "github",
      source_config: { deployment_type: "dev", build_on_push: false },
      source_revision_config: {},
    });
    expect(github).toMatchObject({ source: "github", sourceConfig: { deploymentType: "dev" } });
    const docker = importFields(fields, {
      name: "agent",
      source: "external_docker",
      source_config: { deployment_type: "dev" },
      source_revision_config: { image_uri: "docker.io/acme/agent:1" },
    });
    expect(docker["sourceConfig"]).toBeUndefined();
  });
});
