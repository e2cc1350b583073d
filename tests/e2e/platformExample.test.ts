// The platform example (examples/platform) run with its own stack files on
// the native provider, against the emulator with an organization-scoped key:
// the dev stack creates its workspace and everything in it (two pending
// invitations, a role, a service account, an API key feeding the agent
// deployment's secret, a workspace secret, retention, a usage limit, tags),
// previews clean, rotates the API key (the new key first; the deployment gets
// exactly one new revision, then the old key is deleted) and is destroyed;
// the prod stack's file previews its own differences.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { outcome } from "../helpers/yamlProject";

const EXAMPLE = join(__dirname, "..", "..", "examples", "platform");
const OPENAI_CANARY = "canary-platform-openai-40d2aa";

describe("examples/platform", () => {
  let stack: EmulatorStack;
  const projects: PulumiProject[] = [];

  beforeAll(async () => {
    stack = await startEmulatorStack();
  });

  afterAll(async () => {
    for (const project of projects) project.cleanup();
    await stack?.emulator.close();
  });

  async function exampleStack(name: "dev" | "prod"): Promise<PulumiProject> {
    const project = await createPulumiProject({
      name: "langsmith-platform",
      stack: name,
      program: readFileSync(join(EXAMPLE, "index.ts"), "utf8"),
      stackConfigFile: join(EXAMPLE, `Pulumi.${name}.yaml`),
      env: stack.env,
    });
    projects.push(project);
    writeFileSync(join(project.dir, "tsconfig.json"), readFileSync(join(EXAMPLE, "tsconfig.json")));
    await installNativePlugin(project);
    await project.setConfig("langsmith:apiUrl", stack.emulator.url);
    await project.setConfig("langsmith:controlPlaneUrl", stack.emulator.url);
    await project.setConfig("langsmith:workspaceId", DEFAULT_WORKSPACE_ID);
    await project.setConfig("langsmith:apiKey", { secret: DEFAULT_ORG_API_KEY });
    await project.setConfig("openaiApiKey", { secret: OPENAI_CANARY });
    return project;
  }

  const objects = (kind: string) => stack.emulator.control.dumpState().state.objects[kind] ?? [];

  it("dev: an environment per workspace; the API key rotates into the deployment with one new revision; destroy", async () => {
    const project = await exampleStack("dev");
    const up = await project.up();
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/15 created/); // the stack included
    const resources = (await project.exportStack()).deployment.resources ?? [];
    const workspaceId = resources.find((r) => r.urn.endsWith("::workspace"))?.id as string;
    const deploymentId = resources.find((r) => r.urn.endsWith("::agent"))?.id as string;
    // The deployment lives in the new workspace (through the explicit provider), with the key as its secret.
    expect(stack.emulator.control.dumpState().state.deployments.find((d) => d.id === deploymentId)?.tenantId).toBe(workspaceId);
    expect(
      objects("orgInvites")
        .map((i) => i.wire["email"])
        .sort(),
    ).toEqual(["ana@example.com", "bo@example.com"]);
    expect(stack.emulator.control.workspaceSecret(workspaceId, "OPENAI_API_KEY")).toBe(OPENAI_CANARY);
    expect(objects("taggings").map((t) => t.wire["resource_id"])).toEqual([deploymentId]);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    // Rotation: one config change; the new key first, one new revision, then the old key goes.
    const oldKeyId = resources.find((r) => r.urn.endsWith("::agent-key"))?.id as string;
    const revisionsBefore = stack.emulator.control.dumpState().state.revisions.filter((r) => r.deploymentId === deploymentId).length;
    await project.runOk(["config", "set", "--stack", "dev", "agentKeyGeneration", "2"]);
    const preview = await project.preview(["--diff"]);
    expect(outcome(preview)).toEqual({ code: 0, tail: "" });
    expect(preview.output).toMatch(/\+-\s*langsmith:index:ApiKey: \(replace\)/);
    expect(preview.output).toMatch(/~ langsmith:index:Deployment: \(update\)/);
    const rotated = await project.up();
    expect(outcome(rotated)).toEqual({ code: 0, tail: "" });
    expect(rotated.output).toMatch(/1 updated/);
    expect(rotated.output).toMatch(/1 replaced/);
    const revisionsAfter = stack.emulator.control.dumpState().state.revisions.filter((r) => r.deploymentId === deploymentId).length;
    expect(revisionsAfter - revisionsBefore).toBe(1);
    const keys = objects("apiKeys").map((k) => k.id);
    expect(keys).not.toContain(oldKeyId);
    expect(keys).toHaveLength(1);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });
    for (const output of [up.output, preview.output, rotated.output]) expect(output).not.toContain(OPENAI_CANARY);
    expect(project.rawStateFile()).not.toContain(OPENAI_CANARY);

    const destroyed = await project.destroy(["--yes", "--skip-preview"]);
    expect(outcome(destroyed)).toEqual({ code: 0, tail: "" });
    expect(objects("workspaces").map((w) => w.id)).not.toContain(workspaceId);
    for (const kind of ["roles", "serviceAccounts", "apiKeys", "orgInvites", "workspaceSecrets", "tagKeys", "taggings", "usageLimits"])
      expect({ kind, left: objects(kind) }).toEqual({ kind, left: [] });
  });

  it("prod: the same program previews the prod stack's differences (release branch, long retention, one operator)", async () => {
    const project = await exampleStack("prod");
    const preview = await project.preview(["--diff"]);
    expect(outcome(preview)).toEqual({ code: 0, tail: "" });
    expect(preview.output).toMatch(/displayName\s*: "agents-prod"/);
    expect(preview.output).toMatch(/repoRef\s*: "release"/);
    expect(preview.output).toMatch(/defaultTraceTier\s*: "longlived"/);
    expect(preview.output).toMatch(/limitValue\s*: 2000000/);
    expect(preview.output).toMatch(/14 to create/); // one operator fewer
  });
});
