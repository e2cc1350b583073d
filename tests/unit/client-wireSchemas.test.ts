/**
 * The client's wire schemas of deployments, destinations, bulk exports and
 * OAuth are the ones generated from the contract: requests as generated,
 * responses relaxed only in the places docs/contract.md lists.
 */
import {
  ADDRESSING_STYLES,
  CreateDestinationRequestSchema,
  DEPLOYMENT_STATUSES,
  DISPLAY_NAME_PATTERN,
  DeploymentSchema,
  DestinationSchema,
  ENDED_BULK_EXPORT_STATUSES,
  PatchedDestinationSchema,
  RevisionSchema,
} from "../../provider/client";
import { DEPLOYMENT_ENDPOINTS } from "../../provider/deployments/deployment/endpoints";
import { BULK_EXPORT_ENDPOINTS } from "../../provider/exports/bulkExport/endpoints";
import { DESTINATION_ENDPOINTS } from "../../provider/exports/destination/endpoints";
import * as cp from "../../provider/client/wire/controlPlane.requests";
import * as be from "../../provider/client/wire/bulkExports.requests";

describe("requests are the generated schemas", () => {
  test.each([
    ["POST /v2/deployments", DEPLOYMENT_ENDPOINTS.create.request, cp.zDeploymentCreateRequest],
    ["PATCH /v2/deployments/{id}", DEPLOYMENT_ENDPOINTS.patch.request, cp.zDeploymentPatchRequest],
    ["PATCH /bulk-exports/destinations/{id}", DESTINATION_ENDPOINTS.patch.request, be.zBulkExportDestinationUpdate],
    ["POST /bulk-exports", BULK_EXPORT_ENDPOINTS.create.request, be.zBulkExportCreate],
    ["PATCH /bulk-exports/{id}", BULK_EXPORT_ENDPOINTS.cancel.request, be.zBulkExportUpdate],
  ])("%s", (_name, declared, generated) => {
    expect(declared).toBe(generated);
  });

  test("destination create: the generated shape, display_name checked first", () => {
    const declared = CreateDestinationRequestSchema;
    expect(DESTINATION_ENDPOINTS.create.request).toBe(declared);
    expect(Object.keys(declared.shape).sort()).toEqual(Object.keys(be.zBulkExportDestinationCreate.shape).sort());
    expect(Object.keys(declared.shape)[0]).toBe("display_name");
    const issues = declared.safeParse({ display_name: "a/b", config: { bucket_name: "b" }, extra: 1 }).error?.issues ?? [];
    expect(issues.map((i) => i.path.join(".") || i.code)).toEqual(["display_name", "config.bucket_name", "unrecognized_keys"]);
  });

  test("constants come from the contract's enums and patterns", () => {
    expect(DISPLAY_NAME_PATTERN.test("exports 2024-'q1'_x")).toBe(true);
    expect(DISPLAY_NAME_PATTERN.test("a/b")).toBe(false);
    expect([...ADDRESSING_STYLES].sort()).toEqual([...be.zBotocoreS3Config.shape.addressing_style.unwrap().unwrap().options].sort());
    expect([...ENDED_BULK_EXPORT_STATUSES].sort()).toEqual(["Cancelled", "Completed", "Failed", "TimedOut"]);
    expect(DEPLOYMENT_STATUSES).toContain("AWAITING_FINAL_DELETE");
  });
});

describe("responses are relaxed where docs/contract.md says", () => {
  const deployment = { id: "d", name: "agent", source: "github", source_config: {}, source_revision_config: {}, latest_revision_id: null };

  test("deployment statuses and sources the document does not list are read", () => {
    expect(DeploymentSchema.parse({ ...deployment, status: "AWAITING_FINAL_DELETE", source: "a_new_source" }).status).toBe("AWAITING_FINAL_DELETE");
    expect(RevisionSchema.parse({ id: "r", status: "SOMETHING_NEW", created_at: "2025-01-01T00:00:00Z" }).status).toBe("SOMETHING_NEW");
  });

  test("graph_config_path is read as langgraph_config_path", () => {
    const read = DeploymentSchema.parse({ ...deployment, source_revision_config: { graph_config_path: "langgraph.json" } });
    expect(read.source_revision_config).toEqual({ langgraph_config_path: "langgraph.json" });
  });

  test("a deployment's id, name and configs stay required", () => {
    expect(DeploymentSchema.safeParse({ ...deployment, name: undefined }).success).toBe(false);
    expect(DeploymentSchema.safeParse({ ...deployment, source_config: undefined }).success).toBe(false);
  });

  test("a destination PATCH response may carry only id and tenant_id; other reads need the whole destination", () => {
    expect(PatchedDestinationSchema.safeParse({ id: "x", tenant_id: "t" }).success).toBe(true);
    expect(DestinationSchema.safeParse({ id: "x", tenant_id: "t" }).success).toBe(false);
  });

  test("a destination's input limits are not applied to what is read", () => {
    const read = { id: "x", tenant_id: "t", display_name: "a/b", config: { bucket_name: "b" }, credentials_keys: [], created_at: "c", updated_at: "u" };
    expect(DestinationSchema.parse(read).config.bucket_name).toBe("b");
  });
});
