/**
 * The HubEnvironment resource: the workspace's list of prompt environments
 * (e.g. `staging`, `production`) the prompt hub promotes commits through.
 * The service keeps one record per workspace: create is its `POST` (refused
 * while the workspace has one), a change of the list one `PATCH` of the
 * whole list, destroy its `DELETE`, which returns the workspace to the
 * service's default environments.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import { zHubEnvironmentsCreateEnvironmentsRequest, zHubEnvironmentsUpdateEnvironmentsRequest } from "../../client/wire/additions.requests";
import {
  zDeleteApiV1HubEnvironmentsByIdResponse,
  zGetApiV1HubEnvironmentsResponse,
  zHubEnvironmentsHubEnvironmentsModel,
  zPatchApiV1HubEnvironmentsByIdResponse,
  zPostApiV1HubEnvironmentsResponse,
} from "../../client/wire/additions.responses";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import type { FieldTable, InputsOf } from "../../engine/fields/fields";
import { isRecord } from "../../engine/fields/paths";
import { z } from "zod";

const ENVIRONMENTS = "/hub/environments";

/** `/api/v1/hub/environments` (create; get: the workspace's one record, 404 without one) and `/{id}` (PATCH of the whole list, delete). */
export const HUB_ENVIRONMENT_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: ENVIRONMENTS,
    request: zHubEnvironmentsCreateEnvironmentsRequest,
    response: zPostApiV1HubEnvironmentsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: ENVIRONMENTS, response: zGetApiV1HubEnvironmentsResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: `${ENVIRONMENTS}/{id}`,
    request: zHubEnvironmentsUpdateEnvironmentsRequest,
    response: zPatchApiV1HubEnvironmentsByIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: `${ENVIRONMENTS}/{id}`, response: zDeleteApiV1HubEnvironmentsByIdResponse }),
} satisfies CrudEndpoints;

/** Most environments a workspace may have (the service's bound). */
export const MAX_HUB_ENVIRONMENTS = 4;

const KIND = "hub environments";

/** Every input field of a HubEnvironment. */
export const HUB_ENVIRONMENT_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "environments",
    wire: "environments",
    refresh: "always",
    toWire: (value: unknown) => (Array.isArray(value) ? value.map((name) => ({ name })) : value),
    fromWire: (value: unknown) => (Array.isArray(value) ? value.map((entry) => (isRecord(entry) ? entry["name"] : entry)) : undefined),
    type: "list of strings, 1 to 4",
    doc: "The workspace's prompt environments, in order, e.g. `staging`, `production`: each name 1 to 64 characters, no name twice. A change replaces the whole list in place (one PATCH).",
    schema: z
      .array(z.string().trim().min(1).max(64))
      .min(1)
      .max(MAX_HUB_ENVIRONMENTS)
      .refine((names) => new Set(names).size === names.length, "environments must not name an environment twice"),
    reason: 'environments is required: 1 to 4 distinct names of 1 to 64 characters, e.g. ["staging", "production"]',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: ["staging", "production"], changed: ["dev", "staging", "production"] },
  },
] as const satisfies FieldTable;

/** A HubEnvironment's checked inputs. */
export type HubEnvironmentInputs = InputsOf<typeof HUB_ENVIRONMENT_FIELDS>;

/** The workspace's record, or `undefined` while it has none (the service's GET answers 404). */
async function workspaceRecord(client: LangSmithClient, action: string): Promise<WireObject | undefined> {
  const answer: unknown = await found(client.resources.send(HUB_ENVIRONMENT_ENDPOINTS.list, { action }));
  return isRecord(answer) && typeof answer["id"] === "string" && answer["id"] !== "" ? answer : undefined;
}

/** The HubEnvironment, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:HubEnvironment",
  listing: {},
  kind: KIND,
  description:
    "The prompt environments of a LangSmith workspace (1 to 4, e.g. `staging` and `production`), which the prompt hub promotes commits through. " +
    "The service keeps one such list per workspace: a create is refused while the workspace has one (import it instead), a change replaces the list in place, " +
    "and destroy removes it, which returns the workspace to the service's default environments. Import by id, or look it up with `getHubEnvironment` (no argument: the workspace's own).",
  scope: "workspace",
  fields: HUB_ENVIRONMENT_FIELDS,
  endpoints: HUB_ENVIRONMENT_ENDPOINTS,
  object: zHubEnvironmentsHubEnvironmentsModel,
  // The GET answers the one record; a record without an id is none.
  listItems: (answer) => (typeof answer.id === "string" && answer.id !== "" ? [answer] : []),
  lookup: { onlyObject: true },
  hooks: {
    create: {
      /** The workspace's record, if it has one: a refused create names it with the import hint. */
      lookUp: ({ client, action }) => workspaceRecord(client, `${action}: reading the workspace's environments`),
    },
    /** The workspace's one record, when it has one (the service's GET answers 404 without). */
    async list(context, scope) {
      const action = `listing ${KIND}`;
      const props = scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {};
      const client = await context.client(settingsInScope(context, "workspace", action, props));
      const record = await workspaceRecord(client, action);
      if (record === undefined) return [];
      const id = String(record["id"]);
      return [{ importId: scope.workspaceId !== undefined ? `${scope.workspaceId}/${id}` : id, id, wire: record }];
    },
  },
});
