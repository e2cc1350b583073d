import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { CallerCredentialRecord, EmulatorState, ListenerRecord, OAuthProviderRecord, OrganizationRecord } from "./types";

/** Permissions granted to a seeded key when its `permissions` are omitted. */
export const DEFAULT_PERMISSIONS: readonly string[] = [
  "bulk-exports:manage",
  "workspaces:manage",
  "workspaces:manage-secrets",
  "workspaces:read",
  "organization:manage",
  "organization:read",
  // Tracing and evaluation.
  "projects:create",
  "projects:read",
  "projects:update",
  "projects:delete",
  "projects:increase-trace-tier",
  "projects:decrease-trace-tier",
  "datasets:create",
  "datasets:read",
  "datasets:update",
  "datasets:delete",
  "annotation-queues:create",
  "annotation-queues:read",
  "annotation-queues:update",
  "annotation-queues:delete",
  "feedback:create",
  "feedback:read",
  "feedback:update",
  "feedback:delete",
  "prompts:read",
  "prompts:update",
  "workspaces:manage-model-configs",
  "prompts:create",
  "prompts:delete",
  "rules:create",
  "rules:read",
  "rules:update",
  "rules:delete",
  "alerts:create",
  "alerts:read",
  "alerts:update",
  "alerts:delete",
  "charts:create",
  "charts:read",
  "charts:update",
  "charts:delete",
  // Sandboxes (their registries).
  "sandboxes:create",
  "sandboxes:read",
  "sandboxes:update",
  "sandboxes:delete",
];

const oauthProviderSeedSchema = z.object({
  provider_id: z.string().min(1),
  id: z.string().optional(),
  name: z.string().optional(),
  client_id: z.string().optional(),
  auth_url: z.string().optional(),
  token_url: z.string().optional(),
  uses_pkce: z.boolean().optional(),
  code_challenge_method: z.string().optional(),
  provider_type: z.string().optional(),
  mcp_server_url: z.string().optional(),
  token_endpoint_auth_method: z.string().optional(),
  authorization_params: z.record(z.string(), z.unknown()).optional(),
  is_dynamic_client: z.boolean().optional(),
  allowed_redirect_uris: z.array(z.string()).optional(),
  /** Whether the current user holds tokens for this provider (token check). Default false. */
  has_token: z.boolean().optional(),
});

/** A listener of a seeded workspace (`GET /v2/listeners`). */
const listenerSeedSchema = z.object({
  /** Default: a random UUID. */
  id: z.uuid().optional(),
  /** The cluster's own id, e.g. its name. */
  computeId: z.string().min(1),
  /** The Kubernetes namespaces it deploys into; default none (`null`). */
  namespaces: z.array(z.string().min(1)).optional(),
  /** Default `null`. */
  version: z.string().optional(),
});

const organizationSeedSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  /** The organization's handle (`GET /api/v1/orgs/current`); default its name, lower-cased, with `-` between words. */
  handle: z.string().min(1).optional(),
  deploymentsEnabled: z.boolean().optional(),
  workspaces: z.array(z.object({ id: z.string().min(1), name: z.string().optional(), listeners: z.array(listenerSeedSchema).optional() })).optional(),
  oauthProviders: z.array(oauthProviderSeedSchema).optional(),
});

const keySeedFields = {
  organizationId: z.string().min(1),
  workspaceId: z.string().min(1).nullable().optional(),
  permissions: z.array(z.string()).optional(),
};

/** zod schema of {@link SeedInput} (config files and `POST /__emulator/seed`). */
export const seedInputSchema = z.object({
  organizations: z.array(organizationSeedSchema).optional(),
  apiKeys: z.array(z.object({ key: z.string().min(1), ...keySeedFields })).optional(),
  bearerTokens: z.array(z.object({ token: z.string().min(1), ...keySeedFields })).optional(),
});

/**
 * Organizations, workspaces, OAuth providers, API keys and bearer tokens to
 * create. Seeding is additive: an organization with an existing id is updated
 * (workspaces and providers merged by id), a key with an existing value replaced.
 * A key's `workspaceId` omitted or `null` makes it org-scoped (it then needs
 * `X-Tenant-Id`); `permissions` default to {@link DEFAULT_PERMISSIONS};
 * `deploymentsEnabled` defaults to true.
 */
export type SeedInput = z.infer<typeof seedInputSchema>;

/** Organization id of the default seed. */
export const DEFAULT_ORGANIZATION_ID = "11111111-1111-4111-8111-111111111111";
/** Workspace id of the default seed (send it as `X-Tenant-Id`). */
export const DEFAULT_WORKSPACE_ID = "22222222-2222-4222-8222-222222222222";
/** Workspace-scoped API key of the default seed, with all permissions. */
export const DEFAULT_API_KEY = "lsv2_pt_emulator_demo_key";
/** Org-scoped API key of the default seed (needs `X-Tenant-Id`). */
export const DEFAULT_ORG_API_KEY = "lsv2_sk_emulator_org_key";
/** Bearer token of the default seed, bound to the default workspace. */
export const DEFAULT_BEARER_TOKEN = "emulator-demo-bearer-token";

/**
 * The seed used when none is given: one organization ("Emulator Org", deployments
 * enabled) with one workspace ("Default"), a workspace-scoped key
 * {@link DEFAULT_API_KEY}, an org-scoped key {@link DEFAULT_ORG_API_KEY}, a bearer
 * token {@link DEFAULT_BEARER_TOKEN} and one OAuth provider `github` without tokens.
 */
export const DEFAULT_SEED: SeedInput = {
  organizations: [
    {
      id: DEFAULT_ORGANIZATION_ID,
      name: "Emulator Org",
      deploymentsEnabled: true,
      workspaces: [{ id: DEFAULT_WORKSPACE_ID, name: "Default" }],
      oauthProviders: [
        {
          provider_id: "github",
          id: "33333333-3333-4333-8333-333333333333",
          name: "GitHub",
          client_id: "emulator-github-client",
          auth_url: "https://github.com/login/oauth/authorize",
          token_url: "https://github.com/login/oauth/access_token",
          provider_type: "oauth2",
          has_token: false,
        },
      ],
    },
  ],
  apiKeys: [
    { key: DEFAULT_API_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID },
    { key: DEFAULT_ORG_API_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: null },
  ],
  bearerTokens: [{ token: DEFAULT_BEARER_TOKEN, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID }],
};

/** An empty state (no organizations, keys or resources). */
export function emptyState(): EmulatorState {
  return {
    version: 1,
    organizations: [],
    credentials: [],
    deployments: [],
    revisions: [],
    destinations: [],
    exportRuns: [],
    bulkExports: [],
    traceRuns: [],
    objects: {},
  };
}

function toProvider(seed: z.infer<typeof oauthProviderSeedSchema>, organizationId: string, nowIso: string): OAuthProviderRecord {
  return {
    id: seed.id ?? randomUUID(),
    organization_id: organizationId,
    provider_id: seed.provider_id,
    name: seed.name ?? seed.provider_id,
    client_id: seed.client_id ?? `${seed.provider_id}-client`,
    auth_url: seed.auth_url ?? "https://auth.example.invalid/authorize",
    token_url: seed.token_url ?? "https://auth.example.invalid/token",
    uses_pkce: seed.uses_pkce ?? true,
    code_challenge_method: seed.code_challenge_method ?? "S256",
    created_at: nowIso,
    updated_at: nowIso,
    provider_type: seed.provider_type ?? "oauth2",
    mcp_server_url: seed.mcp_server_url ?? "",
    token_endpoint_auth_method: seed.token_endpoint_auth_method ?? "client_secret_post",
    authorization_params: seed.authorization_params ?? {},
    is_dynamic_client: seed.is_dynamic_client ?? false,
    allowed_redirect_uris: seed.allowed_redirect_uris ?? [],
  };
}

function toListener(seed: z.infer<typeof listenerSeedSchema>, nowIso: string): ListenerRecord {
  return {
    id: seed.id ?? randomUUID(),
    compute_type: "k8s",
    compute_id: seed.computeId,
    compute_config: { k8s_namespaces: seed.namespaces ?? null },
    version: seed.version ?? null,
    created_at: nowIso,
    updated_at: nowIso,
  };
}

/** An organization's handle made from its name: lower-cased, `-` between words. */
export function handleOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function upsertOrganization(state: EmulatorState, seed: z.infer<typeof organizationSeedSchema>, nowIso: string): void {
  let org: OrganizationRecord | undefined = state.organizations.find((o) => o.id === seed.id);
  if (!org) {
    const name = seed.name ?? seed.id;
    org = {
      id: seed.id,
      name,
      handle: seed.handle ?? handleOf(name),
      createdAt: nowIso,
      deploymentsEnabled: seed.deploymentsEnabled ?? true,
      workspaces: [],
      oauthProviders: [],
      oauthTokenProviderIds: [],
    };
    state.organizations.push(org);
  } else {
    if (seed.name !== undefined) org.name = seed.name;
    if (seed.handle !== undefined) org.handle = seed.handle;
    if (seed.deploymentsEnabled !== undefined) org.deploymentsEnabled = seed.deploymentsEnabled;
  }
  for (const ws of seed.workspaces ?? []) {
    let workspace = org.workspaces.find((w) => w.id === ws.id);
    if (workspace) workspace.name = ws.name ?? workspace.name;
    else {
      workspace = { id: ws.id, name: ws.name ?? ws.id };
      org.workspaces.push(workspace);
    }
    for (const listenerSeed of ws.listeners ?? []) {
      const listener = toListener(listenerSeed, nowIso);
      workspace.listeners = [...(workspace.listeners ?? []).filter((l) => l.id !== listener.id), listener];
    }
  }
  for (const providerSeed of seed.oauthProviders ?? []) {
    const provider = toProvider(providerSeed, org.id, nowIso);
    org.oauthProviders = org.oauthProviders.filter((p) => p.provider_id !== provider.provider_id);
    org.oauthProviders.push(provider);
    org.oauthTokenProviderIds = org.oauthTokenProviderIds.filter((id) => id !== provider.provider_id);
    if (providerSeed.has_token) org.oauthTokenProviderIds.push(provider.provider_id);
  }
}

/**
 * Applies a seed to a state in place (see {@link SeedInput} for the merge rules).
 * @param nowMs creation time recorded on new OAuth providers, epoch milliseconds.
 */
export function applySeed(state: EmulatorState, seed: SeedInput, nowMs: number): void {
  const nowIso = new Date(nowMs).toISOString();
  for (const org of seed.organizations ?? []) upsertOrganization(state, org, nowIso);
  const credentials: CallerCredentialRecord[] = [
    ...(seed.apiKeys ?? []).map((k) => ({ scheme: "api-key" as const, secret: k.key, ...k })),
    ...(seed.bearerTokens ?? []).map((t) => ({ scheme: "bearer" as const, secret: t.token, ...t })),
  ].map((c) => ({
    scheme: c.scheme,
    secret: c.secret,
    organizationId: c.organizationId,
    workspaceId: c.workspaceId ?? null,
    permissions: c.permissions ?? [...DEFAULT_PERMISSIONS],
  }));
  for (const credential of credentials) {
    state.credentials = state.credentials.filter((c) => !(c.scheme === credential.scheme && c.secret === credential.secret));
    state.credentials.push(credential);
  }
}
