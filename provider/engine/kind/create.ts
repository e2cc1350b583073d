/**
 * Create of a declared kind: one POST (or PUT), refused with the import hint
 * when the natural key is taken; then the kind's `afterWrite`, if any.
 */
import type { LangSmithClient } from "../../client";
import { ConflictError } from "../../client/errors";
import type { OperationContext } from "../context/operation";
import type { ProviderSettings } from "../context/settings";
import { logProgress, shortId } from "../context/progress";
import { readInputs, toWireBody } from "../fields/fields";
import { deletePath, getPath } from "../fields/paths";
import { keepingResource } from "../state/partialFailure";
import type { Properties } from "../resource";
import { takeOverHint, workspaceOtherThanStack } from "../state/takeOver";
import { lifecycleWait, waitForStatus } from "./lifecycle";
import { createOnce } from "./interruptedCreate";
import { findByNaturalKey } from "./lookup";
import { apiOf, endpointOf, nameOf, outputsFor, parentIds, type PreparedKind, tenantOf, settingsInScope, unwrapped, writeClientFor } from "./prepare";

/** Creates the object the checked inputs describe. */
export async function createDeclared(kind: PreparedKind, context: OperationContext, raw: Properties): Promise<{ id: string; outs: Properties }> {
  const { spec } = kind;
  const inputs = readInputs<Properties>(spec.fields, raw);
  const name = nameOf(kind, inputs, "");
  const action = `creating ${spec.kind} "${name}"`;
  const settings = settingsInScope(context, spec.scope, action, inputs);
  const client = await context.client(settings);
  await spec.beforeWrite?.(client, inputs, action);
  const writer = await writeClientFor(kind, context, settings, inputs, action);
  if (spec.createUpserts === true && spec.naturalKey !== undefined) {
    const wireValue = toWireBody(spec.fields, inputs, [spec.naturalKey]);
    const keyWire = spec.fields.find((field) => field.path === spec.naturalKey)?.wire ?? "";
    const existing = await findByNaturalKey(kind, client, getPath(wireValue, keyWire), inputs);
    if (existing !== undefined) {
      const existingId = String(existing["id"]);
      throw new ConflictError(
        `${action}: one with ${spec.naturalKey} "${String(getPath(inputs, spec.naturalKey))}" already exists and creating it again would overwrite it. ${takeOverHint(context.urn, existingId, spec.token, workspaceOf(kind, context, settings))}`,
        { status: 409 },
      );
    }
  }
  logProgress(context, spec.kind, name, "creating");
  const post = async (): Promise<Record<string, unknown> | null> => {
    const body = toWireBody(spec.fields, inputs);
    return unwrapped(
      kind,
      (await apiOf(kind, writer).send(endpointOf(kind, "create"), {
        action,
        params: parentIds(kind, inputs),
        body: spec.wrapBody?.(body, "create") ?? body,
      })) as Record<string, unknown> | null,
    );
  };
  let created: Record<string, unknown> | null;
  let how = "created";
  try {
    ({ created, how } = await postOnce(kind, context, client, inputs, name, post));
  } catch (error) {
    if (error instanceof ConflictError && spec.naturalKey !== undefined)
      throw await takenError(kind, context, client, error, inputs, workspaceOf(kind, context, settings));
    throw error;
  }
  const id = spec.idOf?.(created ?? undefined, inputs) ?? String(created?.["id"]);
  const lastOperation = `${how} ${spec.kind} "${name}"${id === name ? "" : ` (${shortId(id)})`}`;
  // The service has it now: a failure of what follows keeps it in the stack, without the fields an update has not set yet (the next up sends them).
  const createdOnly = { ...(created ?? {}) };
  const outputsNow = () => outputsFor(kind, withoutUpdateOnlyFields(kind, inputs), createdOnly, tenantOf(settings, createdOnly), lastOperation);
  return keepingResource(id, outputsNow, raw, "run pulumi up again to finish it", async () => {
    // An object the service builds asynchronously takes its update-only fields once it is ready, and is ready again after.
    const wait = lifecycleWait(kind, context, client, id, inputs, "create");
    const ready = wait === undefined ? created : ((await waitForStatus(wait, "ready", created ?? undefined)) ?? created);
    const sent = await sendUpdateOnlyFields(kind, context, writer, id, inputs, action);
    const updated = (sent !== undefined && wait !== undefined ? await waitForStatus(wait, "ready", sent) : sent) ?? ready;
    const extra = (await spec.afterWrite?.(client, id, inputs, undefined, action)) ?? {};
    return { id, outs: { ...outputsFor(kind, inputs, updated ?? {}, tenantOf(settings, updated ?? {}), lastOperation), ...extra } };
  });
}

/** Sends the create once, and looks a lost answer up by the natural key before sending it again (see `interruptedCreate.ts`). */
async function postOnce(
  kind: PreparedKind,
  context: OperationContext,
  client: LangSmithClient,
  inputs: Properties,
  name: string,
  post: () => Promise<Record<string, unknown> | null>,
): Promise<{ created: Record<string, unknown> | null; how: string }> {
  const { spec } = kind;
  const keyWire = spec.fields.find((field) => field.path === spec.naturalKey)?.wire;
  const lookUp =
    spec.naturalKey === undefined || keyWire === undefined || kind.endpoints.list === undefined
      ? undefined
      : () => findByNaturalKey(kind, client, getPath(toWireBody(spec.fields, inputs, [spec.naturalKey as string]), keyWire), inputs);
  const { created, outcome } = await createOnce(post, lookUp, () =>
    logProgress(context, spec.kind, name, `the create response was lost; looking it up by ${spec.naturalKey ?? "its key"} before sending it again`),
  );
  const how = {
    created: "created",
    found: `created (found by ${spec.naturalKey ?? "its key"} after the create response was lost)`,
    second: "created (second attempt; the first never reached the service)",
  }[outcome];
  return { created, how };
}

/** The inputs without the fields only an update sets (`createWire: null`). */
function withoutUpdateOnlyFields(kind: PreparedKind, inputs: Properties): Properties {
  const out = structuredClone(inputs);
  for (const field of kind.spec.fields) if (field.createWire === null) deletePath(out, field.path);
  return out;
}

/**
 * After a create, the fields the create request cannot carry (`createWire:
 * null`) that the program sets, in one update; answers the updated object
 * when the update answers it. Nothing is sent when none is set.
 */
async function sendUpdateOnlyFields(
  kind: PreparedKind,
  context: OperationContext,
  client: LangSmithClient,
  id: string,
  inputs: Properties,
  action: string,
): Promise<Record<string, unknown> | undefined> {
  const paths = kind.spec.fields.filter((field) => field.createWire === null && getPath(inputs, field.path) !== undefined).map((field) => field.path);
  if (paths.length === 0) return undefined;
  const body = toWireBody(kind.spec.fields, inputs, paths);
  logProgress(context, kind.spec.kind, nameOf(kind, inputs, id), `setting ${paths.join(", ")} (the service takes them in an update only)`);
  const answer = await apiOf(kind, client).send(endpointOf(kind, "update"), {
    action: `${action}: setting ${paths.join(", ")}`,
    params: { ...parentIds(kind, inputs), id },
    body: kind.spec.wrapBody?.(body, "update") ?? body,
  });
  const updated = unwrapped(kind, answer as Record<string, unknown> | null);
  return updated !== null && typeof updated === "object" && Object.keys(updated).length > 0 ? updated : undefined;
}

/** The workspace a workspace-scoped object is made in, when it is not the stack's (the import hint's `<workspaceId>/<id>`). */
function workspaceOf(kind: PreparedKind, context: OperationContext, settings: ProviderSettings): string | undefined {
  return kind.spec.scope === "workspace" ? workspaceOtherThanStack(context, settings.client.workspaceId) : undefined;
}

/** The error of a create refused because the natural key is taken: the existing object's id and how to import it. */
async function takenError(
  kind: PreparedKind,
  context: OperationContext,
  client: LangSmithClient,
  error: ConflictError,
  inputs: Properties,
  workspaceId: string | undefined,
): Promise<Error> {
  const { spec } = kind;
  const keyField = spec.naturalKey as string;
  const value = getPath(inputs, keyField);
  const wireValue = spec.fields.find((field) => field.path === keyField)?.toWire?.(value) ?? value;
  const existing = await findByNaturalKey(kind, client, wireValue, inputs).catch(() => undefined);
  if (existing === undefined) return error;
  const id = String(existing["id"]);
  return new ConflictError(
    `${error.message}; a ${spec.kind} with ${keyField} "${String(value)}" already exists. ${takeOverHint(context.urn, id, spec.token, workspaceId)}`,
    { status: 409, detail: error.detail },
  );
}
