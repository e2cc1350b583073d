/** The endpoint helper's pure parts: path templates, parameter names in messages, endpoint tables. */
import { InvalidRequestError, type PathParams, describeParam, fillPath } from "../../provider/client";
import { DEPLOYMENT_ENDPOINTS } from "../../provider/deployments/deployment/endpoints";
import { OAUTH_ENDPOINTS } from "../../provider/deployments/oauthEndpoints";
import { DESTINATION_ENDPOINTS } from "../../provider/exports/destination/endpoints";

describe("fillPath", () => {
  test("fills every placeholder with the encoded id", () => {
    expect(fillPath("/v2/deployments/{deploymentId}/revisions/{revisionId}", { deploymentId: "dep-1", revisionId: "r:1" }, "x")).toBe(
      "/v2/deployments/dep-1/revisions/r%3A1",
    );
    expect(fillPath("/v2/deployments", {}, "x")).toBe("/v2/deployments");
  });

  test.each([
    ["", "must be a non-empty string"],
    ["..", "must be an id as the service returns it"],
    ["a/b", "must be an id as the service returns it"],
    ["a?b", "must be an id as the service returns it"],
  ])("refuses %j before sending, naming the action and the parameter", (id, why) => {
    expect(() => fillPath("/v2/deployments/{deploymentId}", { deploymentId: id }, 'reading deployment "agent"')).toThrow(
      new RegExp(`^reading deployment "agent": deployment id ${why}`),
    );
    expect(() => fillPath("/v2/deployments/{deploymentId}", { deploymentId: id }, "x")).toThrow(InvalidRequestError);
  });

  test("a missing parameter is refused like an empty id", () => {
    expect(() => fillPath("/bulk-exports/destinations/{destinationId}", {}, "x")).toThrow("x: destination id must be a non-empty string");
  });
});

describe("describeParam", () => {
  test.each([
    ["deploymentId", "deployment id"],
    ["revisionId", "revision id"],
    ["destinationId", "destination id"],
    ["id", "id"],
  ])("%s -> %s", (name, expected) => {
    expect(describeParam(name)).toBe(expected);
  });
});

describe("endpoint tables", () => {
  test("path placeholders type the call's params", () => {
    const names: PathParams<"/v2/deployments/{deploymentId}/revisions/{revisionId}">[] = ["deploymentId", "revisionId"];
    expect(names).toHaveLength(2);
  });

  test("methods and paths of every endpoint", () => {
    const rows = Object.entries({
      ...prefix("deployments", DEPLOYMENT_ENDPOINTS),
      ...prefix("destinations", DESTINATION_ENDPOINTS),
      ...prefix("oauth", OAUTH_ENDPOINTS),
    }).map(([name, e]) => `${name}: ${e.method} ${e.path}${e.request !== undefined ? " (body checked)" : ""}`);
    expect(rows).toEqual([
      "deployments.create: POST /v2/deployments (body checked)",
      "deployments.get: GET /v2/deployments/{deploymentId}",
      "deployments.list: GET /v2/deployments",
      "deployments.patch: PATCH /v2/deployments/{deploymentId} (body checked)",
      "deployments.redeploy: POST /v2/deployments/{deploymentId}/revisions/{revisionId}/redeploy",
      "deployments.delete: DELETE /v2/deployments/{deploymentId}",
      "deployments.listRevisions: GET /v2/deployments/{deploymentId}/revisions",
      "deployments.getRevision: GET /v2/deployments/{deploymentId}/revisions/{revisionId}",
      "deployments.uploadUrl: POST /v2/deployments/{deploymentId}/upload-url (body checked)",
      "destinations.create: POST /bulk-exports/destinations (body checked)",
      "destinations.get: GET /bulk-exports/destinations/{destinationId}",
      "destinations.list: GET /bulk-exports/destinations",
      "destinations.patch: PATCH /bulk-exports/destinations/{destinationId} (body checked)",
      "destinations.delete: DELETE /bulk-exports/destinations/{destinationId}",
      "oauth.listProviders: GET /v2/auth/providers",
      "oauth.tokenExists: GET /v2/auth/tokens/exists",
    ]);
  });
});

function prefix<T extends object>(group: string, table: T): Record<string, T[keyof T]> {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [`${group}.${k}`, v as T[keyof T]]));
}
