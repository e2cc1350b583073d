/**
 * The AgentBuilderIntegrations resource: which integrations (GitHub, Slack,
 * ...) the agents of a workspace's agent builder may use, a default for all
 * and an override per integration. One document per workspace, at the
 * origin's `/v1/agent-builder/integrations` (not below `/api`): create and
 * update are the same `PUT` of the whole document; the service has no
 * delete, so destroy leaves the document as it is. The id is the workspace's.
 * No credential is involved: the service's document has no secret field.
 */
import { defineEndpoint } from "../../client/endpoint";
import { found, PermissionDeniedError } from "../../client/errors";
import { zIntegrationsAgentBuilderIntegrationsUpdatePayload } from "../../client/wire/additions.requests";
import { zGetV1AgentBuilderIntegrationsResponse, zPutV1AgentBuilderIntegrationsResponse } from "../../client/wire/additions.responses";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import { isRecord } from "../../engine/fields/paths";
import { UUID_PATTERN } from "../../engine/fields/validators";
import type { FieldTable, InputsOf } from "../../engine/fields/fields";
import { OUTPUT_TYPES } from "../../engine/state/outputs";
import { z } from "zod";

const PATH = "/v1/agent-builder/integrations";
const PUT_DOCUMENT = defineEndpoint({
  method: "PUT",
  path: PATH,
  request: zIntegrationsAgentBuilderIntegrationsUpdatePayload,
  response: zPutV1AgentBuilderIntegrationsResponse,
});

/** `PUT`/`GET /v1/agent-builder/integrations` (sent with the workspace as `X-Tenant-Id`); no delete. */
export const AGENT_BUILDER_INTEGRATIONS_ENDPOINTS = {
  create: PUT_DOCUMENT,
  get: defineEndpoint({ method: "GET", path: PATH, response: zGetV1AgentBuilderIntegrationsResponse }),
  update: PUT_DOCUMENT,
} satisfies CrudEndpoints;

const KIND = "agent-builder integrations";

/** One override as a program writes it. */
const OVERRIDE = z.strictObject({
  integrationKey: z.string().min(1).describe("The integration's key, e.g. `slack` (see the `integrationCatalog` output)."),
  isEnabled: z.boolean().describe("Whether the workspace's agents may use it."),
});

/** The overrides as the service takes them. */
function overridesToWire(value: unknown): unknown {
  return Array.isArray(value) ? value.map((o: unknown) => (isRecord(o) ? { integration_key: o["integrationKey"], is_enabled: o["isEnabled"] } : o)) : value;
}

/** The overrides as a program writes them; none is unset. */
function overridesFromWire(value: unknown): unknown {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.map((o: unknown) => (isRecord(o) ? { integrationKey: o["integration_key"], isEnabled: o["is_enabled"] } : o));
}

/** Every input field of AgentBuilderIntegrations. */
export const AGENT_BUILDER_INTEGRATIONS_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "integrationsEnabledByDefault",
    wire: "integrations_enabled_by_default",
    refresh: "always",
    type: "boolean",
    doc: "Whether the agents may use every integration the workspace does not override.",
    schema: z.boolean(),
    reason: "integrationsEnabledByDefault is required: true (every integration allowed unless overridden) or false",
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: false, changed: true },
  },
  {
    path: "integrationOverrides",
    wire: "integration_overrides",
    refresh: "always",
    unordered: true,
    toWire: overridesToWire,
    fromWire: overridesFromWire,
    type: "list of `{integrationKey, isEnabled}`",
    doc: "Integrations allowed or refused against the default, one entry per integration (a key the catalogue lacks, or one listed twice, is refused by the service). Left out, none: the whole document is replaced at each change.",
    schema: z
      .array(OVERRIDE)
      .refine((list) => new Set(list.map((o) => o.integrationKey)).size === list.length, "integrationOverrides lists each integration once"),
    required: false,
    default: [],
    clearWith: [],
    effect: "inPlace",
    secret: false,
    example: {
      value: [{ integrationKey: "slack", isEnabled: true }],
      changed: [
        { integrationKey: "slack", isEnabled: false },
        { integrationKey: "github", isEnabled: true },
      ],
    },
  },
] as const satisfies FieldTable;

/** AgentBuilderIntegrations' checked inputs. */
export type AgentBuilderIntegrationsInputs = InputsOf<typeof AGENT_BUILDER_INTEGRATIONS_FIELDS>;

/** The AgentBuilderIntegrations, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:AgentBuilderIntegrations",
  listing: { none: "a workspace has one agent-builder integrations document: read it with the resource's `get`." },
  kind: KIND,
  description:
    "Which integrations (GitHub, Slack, ...) the agents of a LangSmith workspace's agent builder may use: a default for all, and an override per integration. " +
    "One per workspace, always there: create and update are the same PUT of the whole document (it replaces the policy and every override). " +
    "No credential is involved: the service's document has none. Destroy leaves the document as it is, with a warning (the service has no delete). Import by the workspace's id.",
  scope: "workspace",
  base: "origin",
  fields: AGENT_BUILDER_INTEGRATIONS_FIELDS,
  updateSendsAll: true,
  importForms: ["<workspaceId>"],
  endpoints: AGENT_BUILDER_INTEGRATIONS_ENDPOINTS,
  leftOnDestroy: "the workspace keeps its agent-builder integrations as they are (set them back with this resource, or in LangSmith, if that is not wanted)",
  outputs: [
    {
      name: "integrationCatalog",
      type: OUTPUT_TYPES.anyList,
      doc: "The integrations the workspace's agents could use, as the service lists them (`id`, `key`, `display_name`, `can_invoke`: whether they may now).",
      changesOnUpdate: true,
      wire: "integration_catalog",
    },
  ],
  hooks: {
    create: {
      /** The PUT, answered with the workspace's id as the document's. */
      async post({ client, settings, inputs, action }) {
        const body = {
          integrations_enabled_by_default: inputs.integrationsEnabledByDefault,
          integration_overrides: overridesToWire(inputs.integrationOverrides ?? []),
        };
        const answer = zPutV1AgentBuilderIntegrationsResponse.parse(
          await client.originResources.send(PUT_DOCUMENT, { action, body: zIntegrationsAgentBuilderIntegrationsUpdatePayload.parse(body) }),
        );
        return { ...answer, id: settings.client.workspaceId ?? "" };
      },
    },
    read: {
      /** The document of the workspace the id names (refresh and import alike). */
      async fetch({ context, id, purpose }) {
        if (!UUID_PATTERN.test(id)) return undefined;
        const action = `${purpose === "refresh" ? "reading" : "importing"} ${KIND} of workspace ${id}`;
        const client = await context.client(settingsInScope(context, "workspace", action, { workspaceId: id }));
        const read = client.originResources.send(AGENT_BUILDER_INTEGRATIONS_ENDPOINTS.get, { action });
        // An import (or lookup) of an id that names no workspace the key may use finds none; a refresh keeps the error.
        const answer =
          purpose === "import"
            ? await found(read).catch((error: unknown) => (error instanceof PermissionDeniedError ? undefined : Promise.reject(error)))
            : await read;
        return answer === undefined ? undefined : { ...zGetV1AgentBuilderIntegrationsResponse.parse(answer), id };
      },
      /** The imported document's workspace is the one the id names. */
      imported: async ({ id }, _wire, imported) => ({
        ...imported,
        inputs: { ...imported.inputs, workspaceId: id },
        outputs: { ...imported.outputs, workspaceId: id },
      }),
    },
  },
});
