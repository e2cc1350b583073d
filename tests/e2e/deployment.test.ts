import { DEFAULT_API_KEY } from "../../packages/emulator/src";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";

const SECRET_CANARY = "canary-deployment-secret-7f3a9c";

function program(options: { name?: string; repoRef?: string; secret?: string } = {}): string {
  return `
import { Deployment } from "pulumi-langsmith/dynamic";
const agent = new Deployment("agent", {
  name: ${JSON.stringify(options.name ?? "agent")},
  source: "github",
  sourceConfig: {
    integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
    repoUrl: "https://github.com/acme/agent",
    deploymentType: "dev",
    buildOnPush: false,
  },
  sourceRevisionConfig: { repoRef: ${JSON.stringify(options.repoRef ?? "main")}, graphConfigPath: "langgraph.json" },
  secrets: [{ name: "OPENAI_API_KEY", value: ${JSON.stringify(options.secret ?? SECRET_CANARY)} }],
});
export const deploymentId = agent.id;
export const revisionStatus = agent.latestRevisionStatus;
export const lastOperation = agent.lastOperation;
`;
}

describe("Deployment with the real Pulumi CLI against the emulator", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    stack = await startEmulatorStack();
    project = await createPulumiProject({ name: "deployment", program: program(), config: stack.config, env: stack.env });
  });

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  const deployments = (name?: string) =>
    stack.emulator.control.dumpState().state.deployments.filter((d) => d.deleteRequestedAtMs === null && (name === undefined || d.name === name));
  const revisionsOf = (id: string) => stack.emulator.control.dumpState().revisions.filter((r) => r.deploymentId === id);

  it("creates and waits, shows no changes, updates by exactly one revision, previews replaces, sees drift, destroys", async () => {
    const up = await project.up();
    expect(up.code).toBe(0);
    expect(up.output).toMatch(/deployment "agent": revision \S+ DEPLOYED/);
    const state = await project.exportStack();
    const resource = state.deployment.resources?.find((r) => r.type === "pulumi-nodejs:dynamic/langsmith:Deployment");
    expect(resource?.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect(deployments()).toHaveLength(1);
    const id = deployments()[0]!.id;
    expect(resource?.id).toBe(id);
    expect(revisionsOf(id)).toHaveLength(1);

    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    project.writeProgram(program({ repoRef: "v2" }));
    const preview = await project.preview(["--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.output).toMatch(/~ pulumi-nodejs:dynamic\/langsmith:Deployment: \(update\)/);
    expect(preview.output).not.toMatch(/replace/);
    const update = await project.up();
    expect(update.code).toBe(0);
    expect(revisionsOf(id)).toHaveLength(2);
    const afterUpdate = (await project.exportStack()).deployment.resources?.find((r) => r.id === id);
    expect(String(afterUpdate?.outputs?.["lastOperation"])).toContain("repoRef main→v2");

    project.writeProgram(program({ repoRef: "v2", name: "agent-renamed" }));
    const replacePreview = await project.preview(["--diff"]);
    expect(replacePreview.code).toBe(0);
    expect(replacePreview.output).toMatch(/replace/);
    project.writeProgram(program({ repoRef: "v2" }));

    // An out-of-band change shows as drift after a refresh.
    const patch = await fetch(`${stack.emulator.url}/v2/deployments/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-api-key": DEFAULT_API_KEY, "x-tenant-id": String(stack.config["langsmith:workspaceId"]) },
      body: JSON.stringify({ source_config: { build_on_push: true } }),
    });
    expect(patch.status).toBe(200);
    expect((await project.refresh()).code).toBe(0);
    const drift = await project.preview(["--diff"]);
    expect(drift.output).toMatch(/buildOnPush/);
    expect(drift.output).toMatch(/update/);
    expect((await project.up()).code).toBe(0);
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    // Secrets (the deployment secret and the API key) never appear in plain text anywhere Pulumi writes,
    // including the serialized provider code kept in state.
    const exportedState = await project.exportStack();
    const exported = JSON.stringify(exportedState);
    const providerText = String(exportedState.deployment.resources?.find((r) => r.id === id)?.outputs?.["__provider"] ?? "");
    expect(providerText).toContain("pulumi-langsmith/provider/");
    for (const text of [project.rawStateFile(), exported, providerText, up.output, update.output, preview.output, drift.output]) {
      expect(text).not.toContain(SECRET_CANARY);
      expect(text).not.toContain(DEFAULT_API_KEY);
    }

    const destroy = await project.destroy();
    expect(destroy.code).toBe(0);
    expect(deployments()).toHaveLength(0);
  });

  it("keeps a deployment whose revision failed, and converges on the next up", async () => {
    project.writeProgram(program({ name: "flaky" }));
    stack.emulator.control.failNextRevision({ deploymentName: "flaky" }, { status: "BUILD_FAILED" });
    const failed = await project.up();
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain("BUILD_FAILED");
    const kept = (await project.exportStack()).deployment.resources?.find((r) => r.type.endsWith(":Deployment"));
    expect(deployments("flaky")).toHaveLength(1);
    expect(kept?.id).toBe(deployments("flaky")[0]!.id);
    expect(kept?.outputs?.["latestRevisionStatus"]).toBe("BUILD_FAILED");

    const retry = await project.up();
    expect(retry.code).toBe(0);
    const converged = (await project.exportStack()).deployment.resources?.find((r) => r.type.endsWith(":Deployment"));
    expect(converged?.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect(deployments("flaky")).toHaveLength(1);
    expect(revisionsOf(kept!.id!)).toHaveLength(2);

    // A refresh while another workspace is configured refuses and keeps the state.
    await project.setConfig("langsmith:workspaceId", "33333333-3333-4333-8333-333333333333");
    // --run-program makes refresh configure providers from the current stack config, not the saved one.
    const other = await project.refresh(["--run-program"]);
    await project.setConfig("langsmith:workspaceId", String(stack.config["langsmith:workspaceId"]));
    expect(other.code).not.toBe(0);
    expect(other.output).toContain("refusing to act on it");
    const still = (await project.exportStack()).deployment.resources?.find((r) => r.type.endsWith(":Deployment"));
    expect(still?.id).toBe(kept?.id);

    // Back on the right workspace, an up re-saves the provider configuration and changes nothing else.
    const restored = await project.up();
    expect(restored.code).toBe(0);
    expect(restored.output).not.toMatch(/updated|created|deleted/);
    expect((await project.destroy()).code).toBe(0);
    expect(deployments("flaky")).toHaveLength(0);
  });
});
