/**
 * The FeatureModelConfig resource: one feature of a workspace (e.g. the
 * playground) and its model choices, its default model and the models or
 * providers it may not use. The service keeps no object for it: each choice
 * is a request of its own (`PUT`/`DELETE
 * /api/v1/platform/features/{feature}/default-model`, one `PUT
 * …/disabled-models` per model, `DELETE …/disabled-models/{model}`), and the
 * features are read through their list. The id is the feature.
 *
 * The list reports each feature's effective disabled set: the workspace's
 * own models and the organization's disabled providers
 * (`OrganizationSettings.disabledModelProviders`), which a workspace cannot
 * enable again. Refresh compares the program's list with the workspace's
 * own part only, so an organization-wide provider is no drift; a model the
 * program lists that the organization disables as well stays listed, with a
 * note that removing it will not enable it.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import { zFeaturesDisableModelRequest, zFeaturesUpsertDefaultModelRequest } from "../../client/wire/additions.requests";
import { zGetApiV1PlatformFeaturesResponse } from "../../client/wire/additions.responses";
import type { OperationContext } from "../../engine/context/operation";
import { logProgress } from "../../engine/context/progress";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import { emptyAsUnset, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import type { Properties } from "../../engine/resource";
import { OUTPUT_TYPES } from "../../engine/state/outputs";
import { z } from "zod";

const FEATURES = "/api/v1/platform/features";
const DEFAULT_MODEL = `${FEATURES}/{feature}/default-model`;

/** `PUT …/{feature}/default-model` `{model}` (204). */
const PUT_DEFAULT_MODEL = defineEndpoint({
  method: "PUT",
  path: DEFAULT_MODEL,
  request: zFeaturesUpsertDefaultModelRequest,
});
/** `DELETE …/{feature}/default-model` (204): the feature has no default of the workspace's. */
const DELETE_DEFAULT_MODEL = defineEndpoint({ method: "DELETE", path: DEFAULT_MODEL });
/** `PUT …/{feature}/disabled-models` `{model}` (204): one model (or provider) more the feature may not use. */
const DISABLE_MODEL = defineEndpoint({
  method: "PUT",
  path: `${FEATURES}/{feature}/disabled-models`,
  request: zFeaturesDisableModelRequest,
});
/** `DELETE …/{feature}/disabled-models/{model}` (204): the model enabled again. */
const ENABLE_MODEL = defineEndpoint({
  method: "DELETE",
  path: `${FEATURES}/{feature}/disabled-models/{model}`,
});

/** The list of the workspace's configured features (not paged); the create's endpoint is the default model's `PUT`, sent by the hooks below with the rest. */
export const FEATURE_MODEL_CONFIG_ENDPOINTS = {
  create: PUT_DEFAULT_MODEL,
  list: defineEndpoint({ method: "GET", path: FEATURES, response: zGetApiV1PlatformFeaturesResponse }),
} satisfies CrudEndpoints;

const KIND = "feature model configuration";

/** Check's words for a feature with neither choice. */
const NO_CHOICE = "defaultModel or disabledModels is required: a feature with neither has no configuration";

/** A feature's or model's identifier, as the service takes it in a path: no whitespace. */
const identifier = (what: string) => z.string().regex(/^\S{1,200}$/, `${what} must be 1 to 200 characters without whitespace`);

/** Every input field of a FeatureModelConfig. */
export const FEATURE_MODEL_CONFIG_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "feature",
    wire: "feature",
    type: "string",
    doc: "The feature whose models are chosen, e.g. `playground`; one resource per feature of a workspace (`pulumi import` takes it). Another feature replaces the resource.",
    schema: identifier("feature"),
    reason: 'feature is required, e.g. "playground"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "playground", changed: "evaluators" },
  },
  {
    path: "defaultModel",
    wire: "default_model",
    refresh: "always",
    fromWire: emptyAsUnset,
    type: "string",
    doc: "The model the feature uses unless told otherwise, e.g. `openai:gpt-4o-mini`. Left out, the workspace sets none (the service's default applies).",
    schema: identifier("defaultModel"),
    requiredWhen: { path: "disabledModels", unset: true },
    reason: (inputs) =>
      inputs["disabledModels"] === undefined && inputs["defaultModel"] === undefined
        ? NO_CHOICE
        : "defaultModel must be 1 to 200 characters without whitespace, e.g. openai:gpt-4o-mini",
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "openai:gpt-4o-mini", changed: "anthropic:claude-sonnet-4" },
  },
  {
    path: "disabledModels",
    wire: "disabled_models",
    refresh: "always",
    unordered: true,
    fromWire: (value: unknown) => (Array.isArray(value) && value.length > 0 ? value : undefined),
    type: "list of strings",
    doc:
      "Models or whole providers (e.g. `openai:gpt-3.5-turbo`, `deepseek`) the feature may not use, besides the providers the organization disables (`OrganizationSettings.disabledModelProviders`), which a workspace cannot enable again. " +
      "Each added one is disabled, each removed one enabled again (one request each). Left out, the workspace disables none.",
    schema: z.array(identifier("disabledModels[]")).min(1, "disabledModels lists at least one model; leave it out to disable none"),
    requiredWhen: { path: "defaultModel", unset: true },
    reason: (inputs) =>
      inputs["disabledModels"] === undefined && inputs["defaultModel"] === undefined
        ? NO_CHOICE
        : "disabledModels lists at least one model, each 1 to 200 characters without whitespace; leave it out to disable none",
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: ["openai:gpt-3.5-turbo"], changed: ["openai:gpt-3.5-turbo", "mistral"] },
  },
] as const satisfies FieldTable;

/** A FeatureModelConfig's checked inputs. */
export type FeatureModelConfigInputs = InputsOf<typeof FEATURE_MODEL_CONFIG_FIELDS>;

/** A listed feature as the reads see it: id the feature, `disabled_models` the workspace's own, the effective set and the organization's beside. */
function featureWire(config: { feature?: string; default_model?: string; disabled_models?: string[]; org_disabled_providers?: string[] }): WireObject {
  const organization = config.org_disabled_providers ?? [];
  const effective = config.disabled_models ?? [];
  return {
    id: config.feature ?? "",
    feature: config.feature ?? "",
    default_model: config.default_model ?? "",
    disabled_models: effective.filter((model) => !organization.includes(model)),
    effective_disabled_models: effective,
    org_disabled_providers: organization,
  };
}

/** The feature's configuration as the service lists it; `undefined` when the workspace configures nothing for it. */
async function readFeature(client: LangSmithClient, feature: string, action: string): Promise<WireObject | undefined> {
  const listed = zGetApiV1PlatformFeaturesResponse.parse((await client.originResources.send(FEATURE_MODEL_CONFIG_ENDPOINTS.list, { action })) ?? []);
  const config = listed.find((entry) => entry.feature === feature);
  return config === undefined ? undefined : featureWire(config);
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** One progress line naming the program's models the organization disables too: removing them from the list will not enable them. */
function noteOrganizationDisabled(context: OperationContext, feature: string, models: readonly string[], wire: WireObject | undefined): void {
  const organization = strings(wire?.["org_disabled_providers"]);
  const both = models.filter((model) => organization.includes(model));
  if (both.length > 0)
    logProgress(
      context,
      KIND,
      feature,
      `${both.join(", ")} ${both.length === 1 ? "is" : "are"} also disabled by the organization (OrganizationSettings.disabledModelProviders): removing ${both.length === 1 ? "it" : "them"} from disabledModels will not enable ${both.length === 1 ? "it" : "them"} while the organization disables ${both.length === 1 ? "it" : "them"}`,
    );
}

/**
 * Writes the difference between the recorded choices (`olds`, none at a
 * create) and the program's: the default set or cleared, each new model
 * disabled, each removed one enabled again. Answers what it did, in words.
 */
async function writeChoices(
  client: LangSmithClient,
  feature: string,
  news: Partial<FeatureModelConfigInputs>,
  olds: Partial<FeatureModelConfigInputs>,
  action: string,
): Promise<string[]> {
  const api = client.originResources;
  const params = { feature };
  const done: string[] = [];
  if (news.defaultModel !== olds.defaultModel) {
    if (news.defaultModel !== undefined)
      await api.send(PUT_DEFAULT_MODEL, { action: `${action}: setting the default model`, params, body: { model: news.defaultModel } });
    else await found(api.send(DELETE_DEFAULT_MODEL, { action: `${action}: clearing the default model`, params }));
    done.push(news.defaultModel !== undefined ? `default ${news.defaultModel}` : "no default");
  }
  const [before, after] = [olds.disabledModels ?? [], news.disabledModels ?? []];
  for (const model of after.filter((m) => !before.includes(m))) {
    await api.send(DISABLE_MODEL, { action: `${action}: disabling ${model}`, params, body: { model } });
    done.push(`disabled ${model}`);
  }
  for (const model of before.filter((m) => !after.includes(m))) {
    await found(api.send(ENABLE_MODEL, { action: `${action}: enabling ${model} again`, params: { feature, model } }));
    done.push(`enabled ${model}`);
  }
  return done;
}

/** The choice a create's request writes: the default model, else the first disabled model. */
function firstChoice(inputs: FeatureModelConfigInputs): Partial<FeatureModelConfigInputs> {
  if (inputs.defaultModel !== undefined) return { defaultModel: inputs.defaultModel };
  const [first] = inputs.disabledModels ?? [];
  return first === undefined ? {} : { disabledModels: [first] };
}

/**
 * After a create's first choice: the others, then the feature as the
 * service lists it (with a note for the models the organization disables
 * too); answers the outputs the choices make.
 */
async function finishCreate(client: LangSmithClient, inputs: FeatureModelConfigInputs, action: string): Promise<Properties> {
  await writeChoices(client, inputs.feature, inputs, firstChoice(inputs), action);
  const wire = await readFeature(client, inputs.feature, `${action}: reading the feature`);
  return { organizationDisabledProviders: strings(wire?.["org_disabled_providers"]) };
}

/** The FeatureModelConfig, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:FeatureModelConfig",
  listing: { paging: { by: "none" } },
  kind: KIND,
  description:
    "The model choices of one feature of a LangSmith workspace (e.g. the playground): its default model and the models or providers it may not use. " +
    "Each choice is a request of its own, sent for what changed; the service keeps no object, so the id is the feature. " +
    "The organization's disabled providers (`OrganizationSettings.disabledModelProviders`) apply too and are no drift; a workspace cannot enable them again. " +
    "A feature the workspace already configures is refused at create, with the import hint. Destroy clears the default and enables every listed model again. Import by `[<workspaceId>/]<feature>`.",
  scope: "workspace",
  base: "origin",
  fields: FEATURE_MODEL_CONFIG_FIELDS,
  nameField: "feature",
  naturalKey: "feature",
  createUpserts: true,
  importForms: ["<feature>", "<workspaceId>/<feature>"],
  endpoints: FEATURE_MODEL_CONFIG_ENDPOINTS,
  listItems: (answer) => answer.map(featureWire),
  idOf: (_created, inputs) => inputs.feature,
  outputs: [
    {
      name: "organizationDisabledProviders",
      type: OUTPUT_TYPES.stringList,
      doc: "The providers the organization disables for every workspace (its `disabledModelProviders`), which the feature may not use either.",
      changesOnUpdate: true,
      wire: "org_disabled_providers",
    },
  ],
  contractBodies: {
    requests: [zFeaturesUpsertDefaultModelRequest, zFeaturesDisableModelRequest],
    responses: [zGetApiV1PlatformFeaturesResponse.element],
    outputWires: ["org_disabled_providers"],
  },
  // A create's first choice is its request; the others follow it (a failure there keeps the resource, with what was written).
  afterWrite: async (client, id, inputs, olds, action) => (olds === undefined ? await finishCreate(client, inputs, action) : {}),
  hooks: {
    create: {
      lookUp: ({ client, inputs, action }) => readFeature(client, inputs.feature, `${action}: reading the feature`),
      async post({ context, client, inputs, action }) {
        const first = firstChoice(inputs);
        await writeChoices(client, inputs.feature, first, {}, action);
        // The note on the organization's providers needs its list (best effort: the choice is written either way).
        const listed = await readFeature(client, inputs.feature, `${action}: reading the feature`).catch(() => undefined);
        noteOrganizationDisabled(context, inputs.feature, inputs.disabledModels ?? [], listed);
        return featureWire({ feature: inputs.feature, default_model: first.defaultModel ?? "", disabled_models: first.disabledModels ?? [] });
      },
      /** What the create's request wrote, when what follows fails: the next `pulumi up` sends the rest. */
      unfinished: ({ inputs, settings }) => ({
        ...(inputs.workspaceId === undefined ? {} : { workspaceId: inputs.workspaceId }),
        feature: inputs.feature,
        ...firstChoice(inputs),
        ...(settings.client.workspaceId === undefined ? {} : { tenantId: settings.client.workspaceId }),
        lastOperation: `created ${KIND} "${inputs.feature}" in part: its first choice only`,
      }),
    },
    update: {
      async send({ context, client, inputs, olds, action }) {
        const done = await writeChoices(client, inputs.feature, inputs, olds, action);
        const wire = (await readFeature(client, inputs.feature, `${action}: reading the feature`)) ?? featureWire({ feature: inputs.feature });
        noteOrganizationDisabled(context, inputs.feature, inputs.disabledModels ?? [], wire);
        return { wire, what: `${done.join(", ") || "nothing changed"} for feature "${inputs.feature}"` };
      },
    },
    read: {
      /** The program's models the organization disables as well stay in the list while the service reports them disabled. */
      refreshed({ props }, wire, outputs) {
        const effective = strings(wire["effective_disabled_models"]);
        const kept = strings(props.disabledModels).filter((model) => strings(wire["org_disabled_providers"]).includes(model) && effective.includes(model));
        const own = strings(wire["disabled_models"]);
        const disabled = [...own, ...kept.filter((model) => !own.includes(model))];
        const { disabledModels: _dropped, ...rest } = outputs;
        return disabled.length > 0 ? { ...rest, disabledModels: disabled } : rest;
      },
    },
    /** Clears the default and enables every model the state lists again. */
    async delete(context, id, outputs) {
      const action = `deleting ${KIND} "${id}"`;
      const client = await context.client(settingsInScope(context, "workspace", action, outputs));
      await writeChoices(client, id, {}, outputs, action);
    },
  },
});
