// The organization-and-access resources through the real CLI from a YAML
// program on the native provider, against the emulator with an
// organization-scoped key: up, a no-change preview, one in-place change per
// kind with its detailed-diff line, pulumi import of every kind (by natural
// key where the service has one, in the stack's own workspace by
// `<workspaceId>/…`) followed by a no-change preview, refresh with drift,
// and destroy leaving nothing the service can delete. Canaries in the SSO
// metadata and the workspace secret, and the API key the service makes,
// never reach the output (`--debug` included), the state or the generated
// import code. An invitation is accepted on the emulator between two ups:
// the member is then the same resource, active, and joins the workspace.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { WORKSPACE_ENDPOINTS } from "../../provider/organization/workspace";
import type { EmulatorStack } from "../helpers/emulatorStack";
import type { PulumiProject } from "../helpers/pulumiProject";
import { outcome, startYamlProject, stopYamlProject } from "../helpers/yamlProject";

const SSO_CANARY = "canary-sso-metadata-3b7d21";
const SECRET_CANARY = "canary-workspace-secret-91c4e0";
const ORGANIZATION_USER = "00000000-0000-4000-8000-000000000a03";
const ORGANIZATION_VIEWER = "00000000-0000-4000-8000-000000000a04";
const WORKSPACE_VIEWER = "00000000-0000-4000-8000-000000000a07";
const EDITOR_ROLE = "00000000-0000-4000-8000-000000000a06";
const PROJECT_ID = "7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d";

interface Variant {
  workspaceName: string;
  roleDescription: string;
  keyDescription: string;
  valueDescription: string;
  applyToAllProjects: boolean;
  limitValue: number;
  groups: boolean;
  secretVersion: number;
  memberRole: string;
  /** Ana's role in the workspace; undefined: the membership is not declared (she has not accepted yet). */
  membershipRole: string | undefined;
}

const FIRST: Variant = {
  workspaceName: "platform-dev",
  roleDescription: "reads traces",
  keyDescription: "environment",
  valueDescription: "development",
  applyToAllProjects: false,
  limitValue: 100000,
  groups: false,
  secretVersion: 1,
  memberRole: ORGANIZATION_USER,
  membershipRole: undefined,
};
/** The first program once Ana accepted: her membership of the workspace is declared. */
const WITH_MEMBERSHIP: Variant = { ...FIRST, membershipRole: WORKSPACE_VIEWER };
const SECOND: Variant = {
  workspaceName: "platform-development",
  roleDescription: "reads traces and datasets",
  keyDescription: "deployment environment",
  valueDescription: "the dev stack",
  applyToAllProjects: true,
  limitValue: 250000,
  groups: true,
  secretVersion: 2,
  memberRole: ORGANIZATION_VIEWER,
  membershipRole: EDITOR_ROLE,
};

function program(v: Variant): string {
  return `
resources:
  ws:
    type: langsmith:index:Workspace
    properties:
      displayName: ${v.workspaceName}
  reviewer:
    type: langsmith:index:Role
    properties:
      displayName: Reviewer
      description: ${v.roleDescription}
      permissions: ["projects:read", "runs:read"]
  env:
    type: langsmith:index:TagKey
    properties:
      workspaceId: \${ws.id}
      key: env
      description: ${v.keyDescription}
  dev:
    type: langsmith:index:TagValue
    properties:
      workspaceId: \${ws.id}
      tagKeyId: \${env.id}
      value: dev
      description: ${v.valueDescription}
  tagged:
    type: langsmith:index:Tagging
    properties:
      workspaceId: \${ws.id}
      tagValueId: \${dev.id}
      resourceType: project
      resourceId: ${PROJECT_ID}
  retention:
    type: langsmith:index:TtlSettings
    properties:
      workspaceId: \${ws.id}
      defaultTraceTier: longlived
      applyToAllProjects: ${v.applyToAllProjects}
  traces:
    type: langsmith:index:UsageLimit
    properties:
      workspaceId: \${ws.id}
      limitType: monthly_traces
      limitValue: ${v.limitValue}
  sso:
    type: langsmith:index:SsoSettings
    properties:
      metadataXml:
        fn::secret: "<EntityDescriptor>${SSO_CANARY}</EntityDescriptor>"
      defaultWorkspaceRoleId: ${EDITOR_ROLE}
      defaultWorkspaceIds: ["\${ws.id}"]
      ssoGroupsEnabled: ${v.groups}
  robot:
    type: langsmith:index:ServiceAccount
    properties:
      name: ci-deployer
      workspaces:
        - workspaceId: \${ws.id}
          roleId: \${reviewer.id}
  agentKey:
    type: langsmith:index:ApiKey
    properties:
      workspaceId: \${ws.id}
      description: agent key
      roleId: ${WORKSPACE_VIEWER}
  ciKey:
    type: langsmith:index:ServiceKey
    properties:
      description: platform ci
  openai:
    type: langsmith:index:WorkspaceSecret
    properties:
      workspaceId: \${ws.id}
      key: OPENAI_API_KEY
      value:
        fn::secret: "${SECRET_CANARY}-${v.secretVersion}"
  ana:
    type: langsmith:index:OrganizationMember
    properties:
      email: ana@example.com
      roleId: ${v.memberRole}
${
  v.membershipRole === undefined
    ? ""
    : `  anaInWorkspace:
    type: langsmith:index:WorkspaceMember
    properties:
      workspaceId: \${ws.id}
      email: ana@example.com
      roleId: ${v.membershipRole}
    options:
      dependsOn: ["\${ana}"]
`
}`;
}

describe("organization resources: a YAML program through the real CLI", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    ({ stack, project } = await startYamlProject("organization-yaml", program(FIRST), { "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY } }));
  }, 300_000);

  afterAll(() => stopYamlProject({ stack, project }));

  const emulator = () => stack.emulator;
  const objects = (kind: string) => stack.emulator.control.dumpState().state.objects[kind] ?? [];
  const state = async () => (await project.exportStack()).deployment.resources ?? [];
  const idOf = async (name: string) => (await state()).find((r) => r.urn.endsWith(`::${name}`))?.id as string;

  it("creates every kind, previews clean, changes each in place with a property-level diff, refreshes drift", async () => {
    const up = await project.up();
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/14 created/); // and the stack
    expect(objects("workspaces").map((w) => w.wire["display_name"])).toContain("platform-dev");
    expect((await state()).find((r) => r.urn.endsWith("::ana"))?.outputs?.["status"]).toBe("pending");
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    // Ana accepts the invitation: the same resource is now an active member, and her membership can be declared.
    emulator().control.acceptInvite((await state()).find((r) => r.urn.endsWith("::ana"))?.outputs?.["identityId"] as string);
    const accepted = await project.refresh(["--yes", "--skip-preview"]);
    expect(outcome(accepted)).toEqual({ code: 0, tail: "" });
    expect((await state()).find((r) => r.urn.endsWith("::ana"))?.outputs?.["status"]).toBe("active");
    project.writeProgram(program(WITH_MEMBERSHIP));
    const joined = await project.up();
    expect(outcome(joined)).toEqual({ code: 0, tail: "" });
    expect(joined.output).toMatch(/1 created/);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    project.writeProgram(program(SECOND));
    const preview = await project.preview(["--diff"]);
    expect(outcome(preview)).toEqual({ code: 0, tail: "" });
    expect(preview.output).toMatch(/~ displayName\s*: "platform-dev" => "platform-development"/);
    expect(preview.output).toMatch(/~ description\s*: "reads traces" => "reads traces and datasets"/);
    expect(preview.output).toMatch(/~ description\s*: "environment" => "deployment environment"/);
    expect(preview.output).toMatch(/~ description\s*: "development" => "the dev stack"/);
    expect(preview.output).toMatch(/~ applyToAllProjects\s*: false => true/);
    expect(preview.output).toMatch(/~ limitValue\s*: 100000 => 250000/);
    expect(preview.output).toMatch(/~ ssoGroupsEnabled\s*: false => true/);
    expect(preview.output).toMatch(/~ value\s*: \[secret\] => \[secret\]/);
    expect(preview.output).toMatch(new RegExp(`~ roleId\\s*: "${ORGANIZATION_USER}" => "${ORGANIZATION_VIEWER}"`));
    expect(preview.output).toMatch(new RegExp(`~ roleId\\s*: "${WORKSPACE_VIEWER}" => "${EDITOR_ROLE}"`));
    expect(preview.output).toMatch(/10 to update/);
    expect(preview.output).not.toMatch(/to replace|replaced/);

    emulator().control.clearRequestLog();
    const changed = await project.up();
    expect(outcome(changed)).toEqual({ code: 0, tail: "" });
    expect(changed.output).toMatch(/10 updated/);
    const writes = emulator()
      .control.requestLog()
      .filter((r) => r.method !== "GET");
    expect(writes.map((r) => r.method).sort()).toEqual(["PATCH", "PATCH", "PATCH", "PATCH", "PATCH", "PATCH", "PATCH", "POST", "PUT", "PUT"]);
    expect(emulator().control.workspaceSecret(await idOf("ws"), "OPENAI_API_KEY")).toBe(`${SECRET_CANARY}-2`);

    // Drift: the workspace renamed outside Pulumi is seen by refresh, and the next preview puts the name back.
    const client = createClient({ apiUrl: emulator().url, controlPlaneUrl: emulator().url, apiKey: DEFAULT_ORG_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
    const workspaceId = await idOf("ws");
    await client.resources.send(WORKSPACE_ENDPOINTS.update, {
      action: "renaming a workspace by hand",
      params: { id: workspaceId },
      body: { display_name: "renamed-by-hand" },
    });
    const refresh = await project.refresh(["--yes", "--skip-preview"]);
    expect(outcome(refresh)).toEqual({ code: 0, tail: "" });
    expect((await state()).find((r) => r.urn.endsWith("::ws"))?.outputs?.["displayName"]).toBe("renamed-by-hand");
    const back = await project.preview(["--diff"]);
    expect(back.output).toMatch(/~ displayName\s*: "renamed-by-hand" => "platform-development"/);
    expect(outcome(await project.up())).toEqual({ code: 0, tail: "" });

    const debug = await project.preview(["--debug", "--diff"]);
    expect(outcome(debug)).toEqual({ code: 0, tail: "" });
    const secrets = await project.runOk(["stack", "export", "--show-secrets", "--stack", project.stack]);
    const recorded = (
      JSON.parse(secrets.stdout) as { deployment: { resources: { urn: string; outputs?: Record<string, unknown> }[] } }
    ).deployment.resources.find((r) => r.urn.endsWith("::agentKey"))?.outputs?.["key"];
    // A secret in an export is `{ <signature>, plaintext: <JSON text> }`.
    const apiKeyValue = JSON.parse((recorded as { plaintext: string }).plaintext) as unknown;
    expect(typeof apiKeyValue).toBe("string");
    const all = up.output + accepted.output + joined.output + preview.output + changed.output + refresh.output + back.output + debug.output;
    for (const canary of [SSO_CANARY, SECRET_CANARY, apiKeyValue as string]) {
      expect(all).not.toContain(canary);
      expect(project.rawStateFile()).not.toContain(canary);
    }
  });

  it("imports every kind by the key a user knows, then previews with no changes; nothing is written", async () => {
    const names = ["ws", "reviewer", "env", "dev", "tagged", "retention", "traces", "sso", "robot", "agentKey", "ciKey", "openai", "ana", "anaInWorkspace"];
    const ids: Record<string, string | undefined> = {};
    for (const name of names) ids[name] = await idOf(name);
    const ws = ids["ws"] as string;
    const imports = [
      ["langsmith:index:Workspace", "ws", "platform-development"],
      ["langsmith:index:Role", "reviewer", "Reviewer"],
      ["langsmith:index:TagKey", "env", `${ws}/env`],
      ["langsmith:index:TagValue", "dev", `${ws}/${ids["env"]}/dev`],
      ["langsmith:index:Tagging", "tagged", `${ws}/${ids["tagged"]}`],
      ["langsmith:index:TtlSettings", "retention", `${ws}/${ids["retention"]}`],
      ["langsmith:index:UsageLimit", "traces", `${ws}/monthly_traces`],
      ["langsmith:index:SsoSettings", "sso", `${ids["sso"]}`],
      ["langsmith:index:ServiceAccount", "robot", `${ids["robot"]}`],
      ["langsmith:index:ApiKey", "agentKey", `${ws}/${ids["agentKey"]}`],
      ["langsmith:index:ServiceKey", "ciKey", `${ids["ciKey"]}`],
      ["langsmith:index:WorkspaceSecret", "openai", `${ws}/OPENAI_API_KEY`],
      ["langsmith:index:OrganizationMember", "ana", "ana@example.com"],
      ["langsmith:index:WorkspaceMember", "anaInWorkspace", `${ws}/ana@example.com`],
    ] as const;
    // The stack forgets them all (its state without them, imported back in one step), as if made outside Pulumi.
    const exported = await project.exportStack();
    const kept = (exported.deployment.resources ?? []).filter((r) => !r.type.startsWith("langsmith:index:"));
    const forgotten = join(project.dir, "forgotten.json");
    writeFileSync(forgotten, JSON.stringify({ ...exported, deployment: { ...exported.deployment, resources: kept } }));
    await project.runOk(["stack", "import", "--file", forgotten, "--stack", project.stack]);
    expect((await state()).filter((r) => r.type.startsWith("langsmith:index:"))).toEqual([]);
    stack.emulator.control.clearRequestLog();
    // One pulumi import of them all, from a file of type, name and id (the key a user knows).
    const file = join(project.dir, "imports.json");
    writeFileSync(file, JSON.stringify({ resources: imports.map(([type, name, id]) => ({ type, name, id })) }));
    const imported = await project.run(["import", "--file", file, "--yes", "--non-interactive", "--stack", project.stack, "--protect=false"]);
    expect(outcome(imported)).toEqual({ code: 0, tail: "" });
    expect(imported.output).toMatch(/14 imported/);
    for (const [type, name] of imports) {
      // The program pulumi import prints (YAML drops the default `index` module).
      expect(imported.output).toContain(`type: ${type.replace(":index:", ":")}`);
      expect({ name, id: (await state()).find((r) => r.urn.endsWith(`::${name}`))?.id }).toEqual({ name, id: ids[name] });
    }
    for (const canary of [SSO_CANARY, SECRET_CANARY]) expect(imported.output).not.toContain(canary);
    const clean = await project.preview(["--diff"]);
    // Secrets are never imported from the service: the program's SSO metadata and secret value are applied once.
    expect(clean.output).toMatch(/[+~] metadataXml\s*: \[secret\]/);
    expect(clean.output).toMatch(/[+~] value\s*: \[secret\]/);
    expect(clean.output).toMatch(/2 to update/);
    expect(
      emulator()
        .control.requestLog()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
    expect(outcome(await project.up())).toEqual({ code: 0, tail: "" });
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });
    expect(project.rawStateFile()).not.toContain(SSO_CANARY);
    expect(project.rawStateFile()).not.toContain(SECRET_CANARY);
  });

  it("destroys everything the service can delete; the retention settings stay, with one warning", async () => {
    const destroy = await project.destroy(["--yes", "--skip-preview"]);
    expect(outcome(destroy)).toEqual({ code: 0, tail: "" });
    expect(destroy.output).toMatch(/retention settings .*the service cannot delete it/);
    expect(objects("workspaces").map((w) => w.wire["display_name"])).not.toContain("platform-development");
    for (const kind of [
      "roles",
      "tagKeys",
      "tagValues",
      "taggings",
      "usageLimits",
      "ssoSettings",
      "serviceAccounts",
      "apiKeys",
      "serviceKeys",
      "workspaceSecrets",
      "orgInvites",
      "workspaceMembers",
    ]) {
      expect({ kind, left: objects(kind) }).toEqual({ kind, left: [] });
    }
    expect(objects("orgMembers").map((m) => m.wire["email"])).not.toContain("ana@example.com");
  });
});
