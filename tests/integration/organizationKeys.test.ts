// ServiceAccount, ApiKey and ServiceKey (provider/serviceAccount, apiKey,
// serviceKey), called in-process against the emulator as the native provider
// calls them: the key is a secret output of the create answer only, works at
// once with its role's permissions, survives refresh and update, is never
// imported, and a change makes a new key (the old one stops working once
// deleted). Permission realism: a workspace key cannot make organization keys.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { AuthenticationError, PermissionDeniedError } from "../../provider/client/errors";
import { resource as apiKey } from "../../provider/organization/apiKey";
import { resource as serviceAccount } from "../../provider/organization/serviceAccount";
import { resource as serviceKey } from "../../provider/organization/serviceKey";
import { configureWith, operation } from "../helpers/providerConfig";
import { TAG_KEY_ENDPOINTS } from "../../provider/organization/tagKey";
import { WORKSPACE_ENDPOINTS } from "../../provider/organization/workspace";
import { createChecked as create } from "../helpers/kindSteps";

const VIEWER_ROLE = "00000000-0000-4000-8000-000000000a07";

describe("keys and service accounts against the emulator", () => {
  let emulator: Emulator;

  function configure(key: string): void {
    const values: Record<string, string> = { "langsmith:apiUrl": emulator.url, "langsmith:apiKey": key, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID };
    configureWith(values);
  }

  /** A client acting with `key` (in the default workspace). */
  const actingWith = (key: string) => createClient({ apiUrl: emulator.url, controlPlaneUrl: emulator.url, apiKey: key, workspaceId: DEFAULT_WORKSPACE_ID });

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => configure(DEFAULT_ORG_API_KEY));

  test("an API key: the key from the create answer works with its role, is kept by refresh, never imported; a change makes a new key", async () => {
    const made = await create(apiKey, { description: "agent (dev)", roleId: VIEWER_ROLE });
    const key = made.outs["key"];
    expect(typeof key).toBe("string");
    expect(made.outs).toMatchObject({ description: "agent (dev)", readOnly: false, tenantId: DEFAULT_WORKSPACE_ID, shortKey: expect.any(String) });
    expect(apiKey.outputs.find((output) => output.name === "key")?.secret).toBe(true);

    // It acts in its workspace with the viewer's permissions: it reads, and may not write.
    const asKey = actingWith(key as string);
    expect(await asKey.resources.send(TAG_KEY_ENDPOINTS.list, { action: "listing tag keys with the new key" })).toEqual([]);
    const refused = await asKey.resources
      .send(TAG_KEY_ENDPOINTS.create, { action: "creating a tag key with a viewer key", body: { key: "nope" } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/workspaces:manage/);

    const read = await apiKey.read(operation(), made.id, made.outs);
    expect(read?.props["key"]).toBe(key);
    const imported = await apiKey.import(operation(), made.id);
    expect(imported?.inputs).toMatchObject({ description: "agent (dev)" });
    expect(JSON.stringify(imported)).not.toContain(key as string);

    // Every change replaces the key, the new one first.
    const diff = apiKey.diff(made.outs, apiKey.check(made.outs, { description: "agent (dev) 2", roleId: VIEWER_ROLE }).inputs);
    expect(diff).toMatchObject({ replaces: ["description"], deleteBeforeReplace: false });
    const next = await create(apiKey, { description: "agent (dev) 2", roleId: VIEWER_ROLE });
    expect(next.outs["key"]).not.toBe(key);
    await apiKey.delete(operation(), made.id, made.outs);
    const gone = await asKey.resources.send(TAG_KEY_ENDPOINTS.list, { action: "listing tag keys with a deleted key" }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(AuthenticationError);
    expect(await apiKey.read(operation(), made.id, made.outs)).toBeUndefined();
    await apiKey.delete(operation(), next.id, next.outs);
  });

  test("an organization service key acts for the organization; a workspace key may not make one", async () => {
    const made = await create(serviceKey, { description: "platform ci" });
    const asKey = actingWith(made.outs["key"] as string);
    expect(Array.isArray(await asKey.resources.send(WORKSPACE_ENDPOINTS.list, { action: "listing workspaces with the service key" }))).toBe(true);
    await serviceKey.delete(operation(), made.id, made.outs);

    configure(DEFAULT_API_KEY);
    const refused = await create(serviceKey, { description: "not allowed" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/creating service key "not allowed"/);
    expect(String(refused)).toMatch(/organization-scoped/);
  });

  test("a service account joins workspaces; its identity is known from the create answer and kept; every change replaces it", async () => {
    const made = await create(serviceAccount, { name: "ci-deployer", workspaces: [{ workspaceId: DEFAULT_WORKSPACE_ID, roleId: VIEWER_ROLE }] });
    expect(made.outs).toMatchObject({ name: "ci-deployer", defaultWorkspaceId: DEFAULT_WORKSPACE_ID, organizationIdentityId: expect.any(String) });
    const read = await serviceAccount.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({
      name: "ci-deployer",
      organizationIdentityId: made.outs["organizationIdentityId"],
      workspaces: [{ workspaceId: DEFAULT_WORKSPACE_ID, roleId: VIEWER_ROLE }],
    });
    expect(
      serviceAccount.diff(made.outs, serviceAccount.check(made.outs, { name: "ci-deployer", workspaces: [{ workspaceId: DEFAULT_WORKSPACE_ID }] }).inputs)
        .replaces,
    ).toEqual(["workspaces"]);
    expect(await serviceAccount.import(operation(), made.id)).toMatchObject({ inputs: { name: "ci-deployer" } });
    await serviceAccount.delete(operation(), made.id, made.outs);
    expect(await serviceAccount.read(operation(), made.id, made.outs)).toBeUndefined();
  });
});
