// The contract validator (tests/helpers/contract.ts) against the published
// OpenAPI documents: operation matching, request and response validation.
import { contractOperations, findOperation, missingDeclaredProperties, validatePathParams, validateRequest, validateResponse } from "../helpers/contract";

const DEPLOYMENT_ID = "3f2c0a4e-8b1d-4c5e-9f70-1a2b3c4d5e6f";
const REVISION_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const TENANT_ID = "11111111-1111-4111-8111-111111111111";
const NOW = "2025-01-01T00:00:00Z";

function deployment(): Record<string, unknown> {
  return {
    id: DEPLOYMENT_ID,
    tenant_id: TENANT_ID,
    name: "agent",
    source: "github",
    source_config: { repo_url: "https://github.com/o/r", deployment_type: "dev" },
    source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
    secrets: [],
    created_at: NOW,
    updated_at: NOW,
    status: "READY",
    latest_revision_id: REVISION_ID,
    active_revision_id: null,
  };
}

function createRequest(): Record<string, unknown> {
  return {
    name: "agent",
    source: "github",
    source_config: { repo_url: "https://github.com/o/r" },
    source_revision_config: { repo_ref: "main" },
    secrets: [{ name: "A", value: "b" }],
  };
}

describe("findOperation", () => {
  it("matches a concrete path to its template", () => {
    const match = findOperation("get", `/v2/deployments/${DEPLOYMENT_ID}/revisions`);
    expect(match?.api).toBe("control-plane");
    expect(match?.template).toBe("/v2/deployments/{deployment_id}/revisions");
    expect(match?.pathParams).toEqual({ deployment_id: DEPLOYMENT_ID });
  });

  it("prefers literal segments over parameters", () => {
    expect(findOperation("GET", "/api/v1/bulk-exports/runs")?.template).toBe("/api/v1/bulk-exports/runs");
    expect(findOperation("GET", "/api/v1/bulk-exports/destinations")?.template).toBe("/api/v1/bulk-exports/destinations");
    expect(findOperation("GET", `/api/v1/bulk-exports/${DEPLOYMENT_ID}`)?.template).toBe("/api/v1/bulk-exports/{bulk_export_id}");
  });

  it("finds nothing for an undeclared method or path", () => {
    expect(findOperation("DELETE", `/api/v1/bulk-exports/destinations/${DEPLOYMENT_ID}`)).toBeUndefined();
    expect(findOperation("GET", "/v3/nothing")).toBeUndefined();
  });

  it("lists every operation of the documents the emulator serves", () => {
    const ops = contractOperations();
    expect(ops).toContainEqual({ api: "control-plane", method: "DELETE", template: "/v2/deployments", statuses: [200, 404, 422] });
    expect(ops).toContainEqual({ api: "bulk-exports", method: "GET", template: "/api/v1/bulk-exports/runs", statuses: [200, 422] });
    expect(ops).toContainEqual({ api: "organization-and-access", method: "PUT", template: "/api/v1/ttl-settings", statuses: [200, 422] });
    expect(ops).toContainEqual({ api: "tracing-and-evaluation", method: "DELETE", template: "/api/v1/feedback-configs", statuses: [204, 422] });
    // 23 of the control plane and bulk exports, 63 of organization and access, 71 of tracing and evaluation, 146 of the additions.
    expect(ops.length).toBe(303);
    expect(ops).toContainEqual({ api: "additions", method: "GET", template: "/v2/listeners/{listener_id}", statuses: [200, 404, 422] });
    expect(ops).toContainEqual({ api: "additions", method: "GET", template: "/api/v2/sandboxes/registries/{name}", statuses: [200, 403, 404, 500] });
    expect(ops).toContainEqual({
      api: "additions",
      method: "PATCH",
      template: "/v1/platform/datasets/{dataset_id}/examples/metadata",
      statuses: [200, 400, 404],
    });
  });
});

describe("validateResponse", () => {
  const path = `/v2/deployments/${DEPLOYMENT_ID}`;

  it("accepts a body that matches the declared schema", () => {
    expect(validateResponse("GET", path, 200, deployment())).toEqual([]);
  });

  it("names method, template, status and the schema error for a bad body", () => {
    const body = { ...deployment(), status: "DEPLOYED" } as Record<string, unknown>;
    delete body["active_revision_id"];
    const errors = validateResponse("GET", path, 200, body);
    expect(errors).toHaveLength(2);
    expect(errors.join("\n")).toContain("GET /v2/deployments/{deployment_id} 200: response body/status");
    expect(errors.join("\n")).toContain("must have required property 'active_revision_id'");
  });

  it("resolves references between component schemas", () => {
    const body = { ...deployment(), secrets: [{ name: "A" }] };
    expect(validateResponse("GET", path, 200, body)).toEqual([
      "GET /v2/deployments/{deployment_id} 200: response body/secrets/0 must have required property 'value'",
    ]);
  });

  it("reports an undeclared status", () => {
    expect(validateResponse("GET", path, 418, {})).toEqual(["GET /v2/deployments/{deployment_id} 418: status 418 is not declared (declared: 200, 404, 422)"]);
  });

  it("accepts anything for declared content without a schema, and only no body for no content", () => {
    expect(validateResponse("GET", path, 404, { detail: "Not Found" })).toEqual([]);
    expect(validateResponse("DELETE", path, 204, undefined)).toEqual([]);
    expect(validateResponse("DELETE", path, 204, {})).toHaveLength(1);
  });

  it("validates 422 bodies as HTTPValidationError", () => {
    expect(validateResponse("GET", path, 422, { detail: [{ loc: ["path", "deployment_id"], msg: "x", type: "uuid_parsing" }] })).toEqual([]);
    expect(validateResponse("GET", path, 422, { detail: "bad" })).toHaveLength(1);
  });
});

describe("validateRequest", () => {
  it("accepts a conforming body", () => {
    expect(validateRequest("POST", "/v2/deployments", {}, createRequest())).toEqual([]);
  });

  it("names the schema error of a bad body", () => {
    const body = createRequest();
    delete body["secrets"];
    expect(validateRequest("POST", "/v2/deployments", {}, body)).toEqual(["POST /v2/deployments: request body/ must have required property 'secrets'"]);
    expect(validateRequest("POST", "/v2/deployments", {}, { ...createRequest(), source: "gitlab" })[0]).toContain(
      "request body/source must be equal to one of the allowed values",
    );
  });

  it("requires a required body and refuses one where none is declared", () => {
    expect(validateRequest("POST", "/v2/deployments", {}, undefined)).toEqual(["POST /v2/deployments: request body is required, got none"]);
    expect(validateRequest("GET", "/v2/deployments", {}, {})).toEqual(["GET /v2/deployments: no request body is declared, got one"]);
  });

  it("coerces query strings as FastAPI does", () => {
    expect(validateRequest("GET", "/v2/deployments", { limit: "100", offset: "0", remote_reconciled: "true" }, undefined)).toEqual([]);
    expect(validateRequest("GET", "/v2/deployments", { limit: "101" }, undefined)).toEqual(['GET /v2/deployments: query parameter "limit"/ must be <= 100']);
    expect(validateRequest("GET", "/v2/deployments", { limit: "ten" }, undefined)[0]).toContain("must be integer");
    expect(validateRequest("DELETE", "/v2/deployments", { deployment_ids: [DEPLOYMENT_ID, REVISION_ID] }, undefined)).toEqual([]);
    expect(validateRequest("DELETE", "/v2/deployments", { deployment_ids: "nope" }, undefined)[0]).toContain(
      'query parameter "deployment_ids"/0 must match format "uuid"',
    );
  });

  it("reports an undeclared and a missing required query parameter", () => {
    expect(validateRequest("GET", "/v2/deployments", { name: "agent" }, undefined)).toEqual(['GET /v2/deployments: query parameter "name" is not declared']);
    expect(validateRequest("GET", "/api/v1/bulk-exports/runs", {}, undefined)).toEqual([
      'GET /api/v1/bulk-exports/runs: required query parameter "source_bulk_export_id" is missing',
    ]);
  });

  it("reports an unknown operation", () => {
    expect(validateRequest("DELETE", `/api/v1/bulk-exports/destinations/${DEPLOYMENT_ID}`, {}, undefined)).toEqual([
      `DELETE /api/v1/bulk-exports/destinations/${DEPLOYMENT_ID}: no such operation in the contract`,
    ]);
  });
});

describe("validatePathParams", () => {
  it("checks path parameters against their schemas", () => {
    expect(validatePathParams("GET", `/v2/deployments/${DEPLOYMENT_ID}`)).toEqual([]);
    expect(validatePathParams("GET", "/v2/deployments/not-a-uuid")).toEqual([
      'GET /v2/deployments/{deployment_id}: path parameter "deployment_id"/ must match format "uuid"',
    ]);
  });
});

describe("missingDeclaredProperties", () => {
  const path = `/v2/deployments/${DEPLOYMENT_ID}`;

  it("names every declared property a response omits, at any depth (the additions' fields included)", () => {
    expect(missingDeclaredProperties("GET", path, 200, deployment())).toEqual([
      'GET /v2/deployments/{deployment_id} 200: response body/ lacks declared property "image_version"',
      'GET /v2/deployments/{deployment_id} 200: response body/ lacks declared property "secret_references"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "build_command"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "build_on_push"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "custom_url"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "install_command"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "integration_id"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "listener_config"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "listener_id"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "resource_spec"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "template_id"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_config lacks declared property "repo_branch"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_revision_config lacks declared property "image_uri"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_revision_config lacks declared property "repo_commit_sha"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_revision_config lacks declared property "source_tarball_path"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_revision_config lacks declared property "deepagents_version"',
      'GET /v2/deployments/{deployment_id} 200: response body/source_revision_config lacks declared property "tracked_packages"',
      'GET /v2/deployments/{deployment_id} 200: response body/ lacks declared property "display_name"',
    ]);
  });

  it("follows nullable references into objects and arrays", () => {
    const body = {
      ...deployment(),
      image_version: null,
      secret_references: [{ name: "A", secret_name: "s" }],
      source_config: { listener_config: {}, resource_spec: null },
    };
    const problems = missingDeclaredProperties("GET", path, 200, body).join("\n");
    expect(problems).toContain('/secret_references/0 lacks declared property "secret_key"');
    expect(problems).toContain('/source_config/listener_config lacks declared property "k8s_namespace"');
    expect(problems).not.toContain("/source_config/resource_spec ");
  });

  it("has nothing to say about undeclared statuses or schema-less content", () => {
    expect(missingDeclaredProperties("GET", path, 404, {})).toEqual([]);
    expect(missingDeclaredProperties("GET", path, 418, {})).toEqual([]);
  });
});
