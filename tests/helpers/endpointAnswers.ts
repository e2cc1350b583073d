/**
 * What the client endpoint tests share: the credentials of their client, a
 * client of a scripted server, and the shapes the real service answers with
 * (extra fields, nulls), to enqueue on that server.
 */
import { createClient, type LangSmithClient } from "../../provider/client";
import { FakeClock, type ScriptedServer } from "./scriptedServer";

/** The API key the endpoint tests' client sends. */
export const API_KEY = "lsv2_test_key";
/** The workspace id the endpoint tests' client sends as X-Tenant-Id. */
export const WORKSPACE = "ws-1111";

/**
 * A client of `server` sending {@link API_KEY} and {@link WORKSPACE}: the
 * control plane under `/api-host/`, the API under `/api/v1/`, a 5 000 ms
 * timeout, 2 retries and a fake clock.
 */
export function endpointClient(server: ScriptedServer): LangSmithClient {
  return createClient({
    apiKey: API_KEY,
    workspaceId: WORKSPACE,
    controlPlaneUrl: `${server.url}/api-host/`,
    apiUrl: `${server.url}/api/v1/`,
    timeoutMs: 5_000,
    maxRetries: 2,
    clock: new FakeClock(),
  });
}

/** A deployment as the service answers it (GitHub source, with a field the contract does not know), with `overrides`. */
export function deployment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "dep-1",
    name: "agent",
    source: "github",
    source_config: {
      integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
      repo_url: "https://github.com/acme/agent",
      repo_branch: "main",
      deployment_type: "dev",
      build_on_push: false,
      custom_url: null,
      resource_spec: { min_scale: 1, max_scale: 2, cpu: 0.5, memory_mb: 1024 },
      listener_id: null,
      install_command: null,
    },
    source_revision_config: { repo_ref: "3f2c9a1e", graph_config_path: "langgraph.json", image_uri: null },
    latest_revision_id: "rev-1",
    active_revision_id: null,
    display_name: null,
    status: "READY",
    tenant_id: WORKSPACE,
    image_version: "0.2.1",
    is_preview: false,
    secret_references: [],
    secrets: [{ name: "OPENAI_API_KEY", value: "sk-plain" }],
    a_future_field: { nested: true },
    ...overrides,
  };
}

/** A revision `id` in `status` as the service answers it, with `extra` fields. */
export function revision(id: string, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    status,
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:01:00Z",
    source: "github",
    source_revision_config: { repo_ref: "main", repo_commit_sha: "abc", source_tarball_path: null, tracked_packages: [] },
    ...extra,
  };
}

/** An S3 bulk-export destination as the service answers it, with `overrides`. */
export function destination(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "dst-1",
    tenant_id: WORKSPACE,
    destination_type: "s3",
    display_name: "exports",
    config: {
      bucket_name: "b",
      prefix: "p",
      region: "us-east-1",
      endpoint_url: null,
      include_bucket_in_prefix: true,
      config_kwargs_s3: { addressing_style: "path" },
      aws_role_arn: null,
      s3_additional_kwargs: null,
    },
    credentials_keys: ["access_key_id", "secret_access_key"],
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:00:00Z",
    ...overrides,
  };
}
