// The organization-and-access invokes of the native provider (getInfo,
// getOrganization, getWorkspace, getRole, getPermissions, getApiKeys), run as
// the provider runs them (`NativeFunction.run` over a client) against a real
// emulator, after a workspace, custom roles and keys were created through the
// API: lookups by id and by name, not found, ambiguous names, the permission
// filter, the scope a call needs, and that no key's secret value is returned.
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORG_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
} from "../../packages/emulator/src";
import { API_KEY_ENDPOINTS } from "../../provider/organization/apiKey";
import type { LangSmithClient } from "../../provider/client/client";
import { InvalidRequestError, PermissionDeniedError } from "../../provider/client/errors";
import { createClient } from "../../provider/client/factory";
import { nativeFunction } from "../../provider/native/functions";
import { ROLE_ENDPOINTS } from "../../provider/organization/role";
import { SERVICE_KEY_ENDPOINTS } from "../../provider/organization/serviceKey";
import { WORKSPACE_SECRET_ENDPOINTS } from "../../provider/organization/workspaceSecret";
import { WORKSPACE_ENDPOINTS } from "../../provider/organization/workspace";

describe("organization invokes against the emulator", () => {
  let emulator: Emulator;
  let orgClient: LangSmithClient;
  let workspaceClient: LangSmithClient;
  let workspace: { id: string; display_name: string };
  let reviewer: { id: string };
  let apiKey: { id: string; key: string; short_key: string };
  let serviceKey: { id: string; key: string };

  /** Runs an invoke as the native provider does. */
  function invoke(token: string, client: LangSmithClient, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    return fn.run(client, args);
  }

  const sent = () => emulator.control.requestLog().filter((entry) => entry.path.startsWith("/api/v1/"));

  beforeAll(async () => {
    emulator = await createEmulator();
    const client = (apiKey: string) =>
      createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey, workspaceId: DEFAULT_WORKSPACE_ID, maxRetries: 0 });
    orgClient = client(DEFAULT_ORG_API_KEY);
    workspaceClient = client(DEFAULT_API_KEY);

    workspace = (await orgClient.resources.send(WORKSPACE_ENDPOINTS.create, {
      action: "creating workspace",
      body: { display_name: "agents-staging" },
    })) as typeof workspace;
    const role = (displayName: string, permissions: string[]) =>
      orgClient.resources.send(ROLE_ENDPOINTS.create, {
        action: "creating role",
        body: { display_name: displayName, description: `${displayName} role`, permissions },
      });
    reviewer = (await role("Reviewer", ["projects:read", "runs:read"])) as typeof reviewer;
    await role("Annotator", ["annotation-queues:read", "annotation-queues:update"]);
    apiKey = (await workspaceClient.resources.send(API_KEY_ENDPOINTS.create, { action: "creating API key", body: { description: "ci key" } })) as typeof apiKey;
    serviceKey = (await orgClient.resources.send(SERVICE_KEY_ENDPOINTS.create, {
      action: "creating service key",
      body: { description: "platform key" },
    })) as typeof serviceKey;
    expect(apiKey.key).toMatch(/^lsv2_/);
    expect(serviceKey.key).toMatch(/^lsv2_/);
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => emulator.control.clearRequestLog());

  test("getInfo: the instance's version and ingest settings", async () => {
    const info = await invoke("getInfo", workspaceClient);
    expect(info).toMatchObject({
      version: "0.18.0+emulator",
      gitSha: null,
      customerId: null,
      customerName: null,
      instanceFlags: { dataset_examples_multipart_enabled: true },
    });
    expect(info["batchIngestConfig"]).toMatchObject({ use_multipart_endpoint: true, size_limit_bytes: 20_971_520 });
    expect(sent().map((entry) => `${entry.method} ${entry.path}`)).toEqual(["GET /api/v1/info"]);
  });

  test("getOrganization: the key's organization with the caller's permissions, no payment details; a workspace key is refused naming the scope", async () => {
    const organization = await invoke("getOrganization", orgClient);
    expect(organization).toMatchObject({
      id: DEFAULT_ORGANIZATION_ID,
      displayName: "Emulator Org",
      handle: "emulator-org",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      isPersonal: false,
      disabled: false,
      tier: "enterprise",
      hasCancelled: false,
      scimGroupNameSeparator: ":",
    });
    expect(organization["permissions"]).toEqual(expect.arrayContaining(["organization:read", "organization:manage"]));
    expect(organization["config"]).toMatchObject({ plan_tier: "enterprise", can_use_rbac: true });
    expect(organization).not.toHaveProperty("payment_method");
    expect(organization).not.toHaveProperty("paymentMethod");

    const refused = await invoke("getOrganization", workspaceClient).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/reading the current organization/);
    expect(String(refused)).toMatch(/organization-scoped API key/);
  });

  test("getWorkspace: by id (any case) and by display name, the seeded one too; not found; exactly one of id or displayName", async () => {
    const byId = await invoke("getWorkspace", orgClient, { id: workspace.id.toUpperCase() });
    expect(byId).toMatchObject({
      found: true,
      id: workspace.id,
      displayName: "agents-staging",
      organizationId: DEFAULT_ORGANIZATION_ID,
      isDeleted: false,
      handle: null,
    });
    expect(byId["createdAt"]).toEqual(expect.any(String));
    expect(await invoke("getWorkspace", orgClient, { displayName: "agents-staging" })).toEqual(byId);
    expect(await invoke("getWorkspace", orgClient, { displayName: "Default" })).toMatchObject({ found: true, id: DEFAULT_WORKSPACE_ID });

    expect(await invoke("getWorkspace", orgClient, { displayName: "agents-stagin" })).toEqual({ found: false });
    expect(await invoke("getWorkspace", orgClient, { id: "99999999-9999-4999-8999-999999999999" })).toEqual({ found: false });

    emulator.control.clearRequestLog();
    await expect(invoke("getWorkspace", orgClient, {})).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(invoke("getWorkspace", orgClient, { id: workspace.id, displayName: "agents-staging" })).rejects.toThrow("exactly one of id or displayName");
    expect(sent()).toHaveLength(0);
  });

  test("getRole: built-in roles by name and by display name, custom ones by display name and id; not found; CUSTOM is ambiguous", async () => {
    const admin = await invoke("getRole", orgClient, { name: "WORKSPACE_ADMIN" });
    expect(admin).toMatchObject({
      found: true,
      name: "WORKSPACE_ADMIN",
      displayName: "Workspace Admin",
      accessScope: "workspace",
      builtIn: true,
      organizationId: null,
    });
    expect(admin["permissions"]).toEqual(expect.arrayContaining(["workspaces:manage", "projects:read"]));
    expect(await invoke("getRole", orgClient, { displayName: "Workspace Admin" })).toEqual(admin);
    expect(await invoke("getRole", orgClient, { name: "ORGANIZATION_ADMIN" })).toMatchObject({ found: true, accessScope: "organization", builtIn: true });

    const custom = await invoke("getRole", orgClient, { displayName: "Reviewer" });
    expect(custom).toEqual({
      found: true,
      id: reviewer.id,
      name: "CUSTOM",
      displayName: "Reviewer",
      description: "Reviewer role",
      organizationId: DEFAULT_ORGANIZATION_ID,
      accessScope: "workspace",
      permissions: ["projects:read", "runs:read"],
      builtIn: false,
    });
    expect(await invoke("getRole", orgClient, { id: reviewer.id })).toEqual(custom);

    expect(await invoke("getRole", orgClient, { displayName: "Auditor" })).toEqual({ found: false });
    expect(await invoke("getRole", orgClient, { name: "WORKSPACE_OWNER" })).toEqual({ found: false });

    const ambiguous = await invoke("getRole", orgClient, { name: "CUSTOM" }).catch((error: unknown) => error);
    expect(ambiguous).toBeInstanceOf(InvalidRequestError);
    expect(String(ambiguous)).toContain(reviewer.id);
    expect(String(ambiguous)).toMatch(/by displayName/);

    emulator.control.clearRequestLog();
    await expect(invoke("getRole", orgClient, { name: "WORKSPACE_ADMIN", displayName: "Workspace Admin" })).rejects.toThrow(
      "exactly one of id, name or displayName",
    );
    await expect(invoke("getRole", orgClient, {})).rejects.toBeInstanceOf(InvalidRequestError);
    expect(sent()).toHaveLength(0);
  });

  test("getPermissions: all of them, or those of one access scope; an unknown scope is refused before anything is sent", async () => {
    type Permission = { name: string; description: string; accessScope: string };
    const all = (await invoke("getPermissions", orgClient)).permissions as Permission[];
    const organization = (await invoke("getPermissions", orgClient, { accessScope: "organization" })).permissions as Permission[];
    const workspaceScoped = (await invoke("getPermissions", orgClient, { accessScope: "workspace" })).permissions as Permission[];

    expect(organization.map((p) => p.name).sort()).toEqual(["organization:manage", "organization:pats:create", "organization:read"]);
    expect(organization.every((p) => p.accessScope === "organization" && p.description !== "")).toBe(true);
    expect(workspaceScoped.map((p) => p.name)).toEqual(expect.arrayContaining(["projects:read", "runs:read", "workspaces:manage"]));
    expect(workspaceScoped.every((p) => p.accessScope === "workspace")).toBe(true);
    expect(all).toHaveLength(organization.length + workspaceScoped.length);
    expect(Object.keys(all[0] as Permission).sort()).toEqual(["accessScope", "description", "name"]);

    emulator.control.clearRequestLog();
    await expect(invoke("getPermissions", orgClient, { accessScope: "tenant" })).rejects.toThrow(/accessScope must be one of "organization", "workspace"/);
    expect(sent()).toHaveLength(0);
  });

  test("getApiKeys: the workspace's keys, and with includeServiceKeys the organization's; never a key's secret value", async () => {
    type Key = Record<string, unknown>;
    const workspaceOnly = await invoke("getApiKeys", workspaceClient);
    expect(Object.keys(workspaceOnly)).toEqual(["apiKeys"]);
    const listed = (workspaceOnly["apiKeys"] as Key[]).find((key) => key["id"] === apiKey.id);
    expect(listed).toEqual({
      id: apiKey.id,
      description: "ci key",
      shortKey: apiKey.short_key,
      readOnly: false,
      expiresAt: null,
      createdAt: expect.any(String),
      lastUsedAt: null,
      workspaceNames: ["Default"],
      defaultWorkspaceName: "Default",
    });
    expect((workspaceOnly["apiKeys"] as Key[]).some((key) => key["id"] === serviceKey.id)).toBe(false);

    const both = await invoke("getApiKeys", orgClient, { includeServiceKeys: true });
    expect((both["apiKeys"] as Key[]).map((key) => key["id"])).toContain(apiKey.id);
    expect((both["serviceKeys"] as Key[]).find((key) => key["id"] === serviceKey.id)).toMatchObject({
      description: "platform key",
      workspaceNames: null,
      shortKey: expect.any(String),
    });

    for (const result of [workspaceOnly, both]) {
      const text = JSON.stringify(result);
      expect(text).not.toContain(apiKey.key);
      expect(text).not.toContain(serviceKey.key);
      for (const key of [...(result["apiKeys"] as Key[]), ...((result["serviceKeys"] as Key[] | undefined) ?? [])]) expect(key).not.toHaveProperty("key");
    }

    // Even a service that echoed the secret in its list would not get it into the result: each field is copied by name.
    const echoingSend = async (...call: Parameters<LangSmithClient["resources"]["send"]>): Promise<unknown> => {
      const answer = await orgClient.resources.send(...call);
      return Array.isArray(answer) ? answer.map((key: object) => ({ ...key, key: apiKey.key })) : answer;
    };
    const echoing = { resources: { send: echoingSend } } as unknown as LangSmithClient;
    const echoed = await invoke("getApiKeys", echoing, { includeServiceKeys: true });
    expect((echoed["apiKeys"] as Key[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(echoed)).not.toContain(apiKey.key);

    const refused = await invoke("getApiKeys", workspaceClient, { includeServiceKeys: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/listing the organization's service keys/);
  });

  test("getWorkspaceSecrets: the keys of the workspace's secrets, never a value", async () => {
    await orgClient.resources.send(WORKSPACE_SECRET_ENDPOINTS.create, {
      action: "setting a secret",
      body: [{ key: "ANTHROPIC_API_KEY", value: "sk-canary-invoke-5d1e" }],
    });
    const listed = await invoke("getWorkspaceSecrets", orgClient);
    expect(listed).toEqual({ keys: expect.arrayContaining(["ANTHROPIC_API_KEY"]) });
    expect(JSON.stringify(listed)).not.toContain("sk-canary-invoke");
  });
});
