import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";

// Previews in pull requests: a new deployment whose inputs come from another
// resource (unknown until that resource exists) previews cleanly, and a
// preview of new resources needs no credentials and makes no API call.
describe("Deployment previews", () => {
  let project: PulumiProject;

  beforeAll(async () => {
    project = await createPulumiProject({
      name: "preview",
      program: `
import { Deployment, NoopResource } from "pulumi-langsmith/dynamic";
const ref = new NoopResource("ref", { value: "release-1" });
new Deployment("agent", {
  name: "agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: ref.value.apply((v) => v ?? "main"), graphConfigPath: "langgraph.json" },
});
`,
      // Deliberately unreachable: a preview of new resources must not call the API.
      config: { "langsmith:controlPlaneUrl": "http://127.0.0.1:9", "langsmith:apiUrl": "http://127.0.0.1:9" },
    });
  });

  afterAll(() => project?.cleanup());

  it("previews a create with an unknown input, without credentials or API calls", async () => {
    const preview = await project.preview(["--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.output).toMatch(/\+ pulumi-nodejs:dynamic\/langsmith:Deployment: \(create\)/);
    expect(preview.output).toContain("3 to create");
  });

  it("fails the preview on a malformed URL in the configuration, naming the key", async () => {
    await project.setConfig("langsmith:controlPlaneUrl", "ftp://user:pw@example.com/");
    const preview = await project.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.output).toContain("langsmith:controlPlaneUrl");
    expect(preview.output).not.toContain("user:pw");
  });
});
