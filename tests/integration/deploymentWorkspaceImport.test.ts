// A Deployment in another workspace of the organization (issue 32): imported
// as `<workspaceId>/<id>` (its bare id is not found in the configured
// workspace), it records that workspace as its `workspaceId` input and
// `tenantId`, and a refresh reads it there.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { resource as deployment } from "../../provider/deployments/deployment/resource";
import { resource as workspace } from "../../provider/organization/workspace";
import { configureWith, operation } from "../helpers/providerConfig";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";

describe("Deployment import from another workspace", () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator();
  });

  afterAll(async () => {
    await emulator?.close();
  });

  test("<workspaceId>/<id> finds it, records the workspace, and a refresh reads it there", async () => {
    configureWith({
      "langsmith:apiUrl": emulator.url,
      "langsmith:controlPlaneUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    });
    const made = await workspace.create(operation(), workspace.check({}, { displayName: "agents-staging" }).inputs);
    const other = made.id;
    const api = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_ORG_API_KEY, workspaceId: other });
    const created = await deploymentCalls.create(api, {
      name: "staging-agent",
      source: "github",
      source_config: {
        integration_id: "7f8e3c51-0000-4000-8000-00000000abcd",
        repo_url: "https://github.com/acme/agent",
        deployment_type: "dev",
        build_on_push: false,
      },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [],
    });

    expect(await deployment.import(operation(), created.id)).toBeUndefined();
    const imported = await deployment.import(operation(), `${other}/${created.id}`);
    expect(imported?.inputs).toMatchObject({ workspaceId: other, name: "staging-agent", source: "github" });
    expect(imported?.outputs).toMatchObject({ workspaceId: other, tenantId: other, name: "staging-agent" });
    expect(deployment.importForms).toEqual(["<id>", "<workspaceId>/<id>"]);

    const read = await deployment.read(operation(), created.id, imported?.outputs as Record<string, unknown>);
    expect(read?.props).toMatchObject({ workspaceId: other, tenantId: other, name: "staging-agent" });
    const checked = deployment.check(imported?.outputs as Record<string, unknown>, imported?.inputs as Record<string, unknown>).inputs;
    expect(deployment.diff(read?.props as Record<string, unknown>, checked)).toMatchObject({ replaces: [] });
  });
});
