// A Go program on the generated Go SDK (the committed module sdk/go, reached
// through a local replace) run by the real CLI with the test-only Go language
// host (scripts/tools/pulumi/golanghost): up creates a tracing project and a
// deployment, a changed nested input previews as a detailed property-level
// update (and a changed description as an in-place one), up applies it with
// one new revision, destroy removes everything.
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin, pluginVersion } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { TEST_INTEGRATION_ID } from "../helpers/yamlPrograms";

const root = join(__dirname, "..", "..");

const goMod = (): string => `module example.com/langsmith-go-program

go 1.25.11

require github.com/pulumi-langsmith/pulumi-langsmith/sdk/go v${pluginVersion()}

replace github.com/pulumi-langsmith/pulumi-langsmith/sdk/go => ${join(root, "sdk", "go")}
`;

const mainGo = `package main

import (
	"github.com/pulumi-langsmith/pulumi-langsmith/sdk/go/langsmith"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		conf := config.New(ctx, "")
		traces, err := langsmith.NewProject(ctx, "traces", &langsmith.ProjectArgs{
			Name:        pulumi.String("go-agent-traces"),
			Description: pulumi.String(conf.Require("description")),
		})
		if err != nil {
			return err
		}
		agent, err := langsmith.NewDeployment(ctx, "agent", &langsmith.DeploymentArgs{
			Name:   pulumi.String("go-agent"),
			Source: langsmith.DeploymentSourceGithub,
			SourceConfig: &langsmith.DeploymentSourceConfigArgs{
				IntegrationId:  pulumi.String("${TEST_INTEGRATION_ID}"),
				RepoUrl:        pulumi.String("https://github.com/acme/agent"),
				DeploymentType: langsmith.DeploymentSourceConfigDeploymentTypeDev,
				BuildOnPush:    pulumi.Bool(false),
			},
			SourceRevisionConfig: &langsmith.DeploymentSourceRevisionConfigArgs{
				RepoRef:         pulumi.String(conf.Require("repoRef")),
				GraphConfigPath: pulumi.String("langgraph.json"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("projectId", traces.ID())
		ctx.Export("revisionStatus", agent.LatestRevisionStatus)
		return nil
	})
}
`;

describe("a Go program on the generated Go SDK, through the real CLI", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    stack = await startEmulatorStack();
    project = await createPulumiProject({
      name: "go-program",
      runtime: "go",
      program: mainGo,
      goMod: goMod(),
      config: { ...stack.config, description: "traces of the Go agent", repoRef: "main" },
      env: { ...stack.env, GOFLAGS: "-mod=mod" },
    });
    await installNativePlugin(project);
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  const live = () => {
    const dump = stack.emulator.control.dumpState();
    const deployments = dump.state.deployments.filter((d) => d.deleteRequestedAtMs === null);
    return { deployments, revisions: (id: string) => dump.revisions.filter((r) => r.deploymentId === id).length };
  };

  it("up, a detailed-diff preview of a nested change, an update of one revision, destroy", async () => {
    const up = await project.up();
    expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    const outputs = JSON.parse((await project.runOk(["stack", "output", "--json", "--stack", project.stack])).stdout) as Record<string, unknown>;
    expect(outputs["revisionStatus"]).toBe("DEPLOYED");
    expect(outputs["projectId"]).toEqual(expect.any(String));
    expect(live().deployments).toHaveLength(1);
    const deploymentId = live().deployments[0]!.id;
    const revisionsBefore = live().revisions(deploymentId);

    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    await project.setConfig("repoRef", "v2");
    await project.setConfig("description", "traces of the Go agent, v2");
    const preview = await project.preview(["--diff"]);
    expect({ code: preview.code, tail: preview.code === 0 ? "" : preview.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(preview.output).toMatch(/~ langsmith:index:Deployment: \(update\)/);
    expect(preview.output).toMatch(/~ sourceRevisionConfig: \{\s+~ repoRef: "main" => "v2"/);
    expect(preview.output).toMatch(/~ langsmith:index:Project: \(update\)/);
    expect(preview.output).toMatch(/~ description: "traces of the Go agent" => "traces of the Go agent, v2"/);
    expect(preview.output).not.toMatch(/replace/);

    const update = await project.up();
    expect({ code: update.code, tail: update.code === 0 ? "" : update.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(live().revisions(deploymentId)).toBe(revisionsBefore + 1);
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    const destroy = await project.destroy();
    expect(destroy.code).toBe(0);
    expect(live().deployments).toEqual([]);
    expect((await project.exportStack()).deployment.resources ?? []).toEqual([]);
  }, 900_000);
});
