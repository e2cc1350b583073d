/**
 * The engine's create, for every kind that does not replace it: one POST
 * (or PUT), sent once however its answer is lost, refused with the import
 * hint when the natural key is taken; then, once the service has the
 * object, what follows (the lifecycle's wait, the update-only fields,
 * `afterWrite`), a failure of which keeps it in the stack. A kind's
 * {@link CreateHooks} wrap each part (a deployment's adoption, its POST on
 * the control plane, its wait for the revision).
 */
import type { LangSmithClient } from "../../client";
import { ConflictError, ObjectStatusError } from "../../client/errors";
import type { OperationContext } from "../context/operation";
import type { ProviderSettings } from "../context/settings";
import { logProgress, shortId } from "../context/progress";
import { readInputs, toWireBody } from "../fields/fields";
import { getPath } from "../fields/paths";
import { keepingResource } from "../state/partialFailure";
import type { Properties } from "../resource";
import { takeOverHint, workspaceOtherThanStack } from "../state/takeOver";
import { lifecycleWait, waitForStatus } from "./lifecycle";
import type { Created, CreateHooks, WriteRequest } from "./hooks";
import { type CreateOutcome, createOnce } from "./interruptedCreate";
import { findByNaturalKey } from "./lookup";
import { outputsFor, tenantOf, withoutUpdateOnlyFields } from "./outputs";
import { apiOf, endpointOf, nameOf, openWrite, parentIds, type PreparedKind, unwrapped } from "./prepare";

/**
 * Creates the object the checked inputs describe, or takes over the one the
 * kind's `take` hook names; the kind's {@link CreateHooks} wrap the request
 * and what follows it.
 */
export async function createDeclared(kind: PreparedKind, context: OperationContext, raw: Properties): Promise<{ id: string; outs: Properties }> {
  const { spec } = kind;
  const hooks = createHooksOf(kind);
  const inputs = readInputs<Properties>(spec.fields, raw);
  const name = nameOf(kind, inputs, "");
  const action = `creating ${spec.kind} "${name}"`;
  const { settings, reader: client, writer } = await openWrite(kind, context, action, inputs, inputs);
  const request: WriteRequest = { context, settings, client: writer, action, name, inputs, raw };
  const prepared: unknown = await hooks?.prepare?.(request);
  try {
    const created = (await hooks?.take?.(request, prepared)) ?? (await sendCreate(kind, request, client, hooks, prepared));
    // The service has it now: a failure of what follows keeps it in the stack, with what is known (the next up finishes it).
    // A wait that ended off the way (a failed build) records the object as it last answered.
    const outputsNow = (error?: unknown) =>
      hooks?.unfinished?.(request, created, prepared) ??
      unfinishedOutputs(kind, request, error instanceof ObjectStatusError && error.lastAnswer !== undefined ? { ...created, wire: error.lastAnswer } : created);
    return await keepingResource(created.id, outputsNow, raw, hooks?.resumeHint ?? "run pulumi up again to finish it", async () => ({
      id: created.id,
      outs: hooks?.after !== undefined ? await hooks.after(request, created, prepared) : await finishCreate(kind, request, client, created),
    }));
  } finally {
    await hooks?.release?.(prepared);
  }
}

/** The kind's hooks around the create, when it wraps the engine's rather than replacing it. */
function createHooksOf(kind: PreparedKind): CreateHooks | undefined {
  const hook = kind.spec.hooks?.create;
  return typeof hook === "object" ? hook : undefined;
}

/**
 * Sends the create once however its answer is lost (see
 * `interruptedCreate.ts`); a refusal because the natural key is taken
 * becomes the error that names the existing object and how to import it.
 *
 * @param reader the client of the object's scope, for look-ups (the request's client writes).
 */
async function sendCreate(
  kind: PreparedKind,
  request: WriteRequest,
  reader: LangSmithClient,
  hooks: CreateHooks | undefined,
  prepared: unknown,
): Promise<Created> {
  const { spec } = kind;
  const { context, inputs, name } = request;
  const lookUp = hooks?.lookUp !== undefined ? () => (hooks.lookUp as NonNullable<CreateHooks["lookUp"]>)(request) : naturalKeyLookUp(kind, reader, inputs);
  if (spec.createUpserts === true && lookUp !== undefined) await refuseOverwrite(kind, request, lookUp);
  logProgress(context, spec.kind, name, "creating");
  const post = hooks?.post !== undefined ? () => (hooks.post as NonNullable<CreateHooks["post"]>)(request, prepared) : () => postDeclared(kind, request);
  const key = spec.naturalKey ?? spec.nameField ?? "its key";
  try {
    const { created, outcome } = await createOnce(post, lookUp, () =>
      logProgress(context, spec.kind, name, `the create response was lost; looking it up by ${key} before sending it again`),
    );
    const wire = created ?? {};
    const id = spec.idOf?.(created ?? undefined, inputs) ?? String(wire["id"]);
    return { id, wire, outcome, how: hooks?.describe?.(wire, outcome) ?? describeCreate(key, outcome) };
  } catch (error) {
    if (error instanceof ConflictError && lookUp !== undefined) throw await takenError(kind, request, error, lookUp);
    throw error;
  }
}

/** The default create request: the declared endpoint with the table's body. */
async function postDeclared(kind: PreparedKind, request: WriteRequest): Promise<Record<string, unknown> | null> {
  const { spec } = kind;
  const body = toWireBody(spec.fields, request.inputs);
  return unwrapped(
    kind,
    (await apiOf(kind, request.client).send(endpointOf(kind, "create"), {
      action: request.action,
      params: parentIds(kind, request.inputs),
      body: spec.wrapBody?.(body, "create") ?? body,
    })) as Record<string, unknown> | null,
  );
}

/** The default look-up of a created object: the list filtered by the declared natural key; none without one. */
function naturalKeyLookUp(kind: PreparedKind, reader: LangSmithClient, inputs: Properties): (() => Promise<Record<string, unknown> | undefined>) | undefined {
  const { spec } = kind;
  const keyWire = spec.fields.find((field) => field.path === spec.naturalKey)?.wire;
  if (spec.naturalKey === undefined || keyWire === undefined || kind.endpoints.list === undefined) return undefined;
  const key = spec.naturalKey;
  return () => findByNaturalKey(kind, reader, getPath(toWireBody(spec.fields, inputs, [key]), keyWire), inputs);
}

/** `created`, and how a lost answer was recovered. */
function describeCreate(key: string, outcome: CreateOutcome): string {
  return {
    created: "created",
    found: `created (found by ${key} after the create response was lost)`,
    second: "created (second attempt; the first never reached the service)",
  }[outcome];
}

/** A create that is an upsert keyed by the natural key refuses, with the import hint, when the key is taken (it would overwrite). */
async function refuseOverwrite(kind: PreparedKind, request: WriteRequest, lookUp: () => Promise<Record<string, unknown> | undefined>): Promise<void> {
  const { spec } = kind;
  const existing = await lookUp();
  if (existing === undefined) return;
  const existingId = String(existing["id"]);
  throw new ConflictError(
    `${request.action}: one with ${spec.naturalKey} "${String(getPath(request.inputs, spec.naturalKey ?? ""))}" already exists and creating it again would overwrite it. ${takeOverHint(request.context.urn, existingId, importToken(kind), workspaceOf(kind, request.context, request.settings))}`,
    { status: 409 },
  );
}

/** The default outputs of an object whose create did not finish: the engine's, without the fields only an update sets (the next up sends them). */
function unfinishedOutputs(kind: PreparedKind, request: WriteRequest, created: Created): Properties {
  const wire = { ...created.wire };
  return outputsFor(kind, withoutUpdateOnlyFields(kind, request.inputs), wire, tenantOf(request.settings, wire), lastOperationOf(kind, request, created));
}

/** The default after a create: the lifecycle's wait, the update-only fields, `afterWrite`; answers the outputs. */
async function finishCreate(kind: PreparedKind, request: WriteRequest, reader: LangSmithClient, created: Created): Promise<Properties> {
  const { spec } = kind;
  const { context, inputs, action, settings } = request;
  const { id } = created;
  // An object the service builds asynchronously takes its update-only fields once it is ready, and is ready again after.
  const wait = lifecycleWait(kind, context, reader, id, inputs, "create");
  // A create answered with nothing: the wait reads the object first.
  const answered = Object.keys(created.wire).length > 0 ? created.wire : undefined;
  const ready = wait === undefined ? created.wire : ((await waitForStatus(wait, "ready", answered)) ?? created.wire);
  const sent = await sendUpdateOnlyFields(kind, context, request.client, id, inputs, action);
  const afterSent = sent !== undefined && wait !== undefined ? await waitForStatus(wait, "ready", sent) : sent;
  // What only the create answer holds (a secret shown once) stays recorded when an update answers next.
  const updated = afterSent === undefined ? ready : { ...onlyAtCreateValues(kind, created.wire), ...afterSent };
  const extra = (await spec.afterWrite?.(reader, id, inputs, undefined, action)) ?? {};
  return { ...outputsFor(kind, inputs, updated, tenantOf(settings, updated), lastOperationOf(kind, request, created)), ...extra };
}

/** The top-level wire values of the outputs only the create answer has (`onlyAtCreate`), as that answer gives them. */
function onlyAtCreateValues(kind: PreparedKind, wire: Record<string, unknown>): Record<string, unknown> {
  const kept = kind.wireOutputs.filter((output) => output.onlyAtCreate === true && wire[output.wire] !== undefined);
  return Object.fromEntries(kept.map((output) => [output.wire, wire[output.wire]]));
}

/** The default `lastOperation` of a create, e.g. `created project "traces" (1a2b3c4d)`. */
function lastOperationOf(kind: PreparedKind, request: WriteRequest, created: Created): string {
  return `${created.how} ${kind.spec.kind} "${request.name}"${created.id === request.name ? "" : ` (${shortId(created.id)})`}`;
}

/** The type token an import hint names, for a kind without an `adoptExistingId` input (which the dynamic provider's hint names instead). */
function importToken(kind: PreparedKind): string | undefined {
  return kind.spec.fields.some((field) => field.path === "adoptExistingId") ? undefined : kind.spec.token;
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
  request: WriteRequest,
  error: ConflictError,
  lookUp: () => Promise<Record<string, unknown> | undefined>,
): Promise<Error> {
  const { spec } = kind;
  const keyField = spec.naturalKey ?? spec.nameField ?? "its key";
  const existing = await lookUp().catch(() => undefined);
  if (existing === undefined) return error;
  const id = String(existing["id"]);
  return new ConflictError(
    `${error.message}; a ${spec.kind} with ${keyField} "${String(getPath(request.inputs, keyField))}" already exists. ${takeOverHint(request.context.urn, id, importToken(kind), workspaceOf(kind, request.context, request.settings))}`,
    { status: 409, detail: error.detail },
  );
}
