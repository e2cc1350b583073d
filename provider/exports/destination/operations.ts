/**
 * The BulkExportDestination's operations. Create POSTs (the service
 * test-writes to the bucket first), a credentials-only change PATCHes
 * (rotation), any other change replaces (create the new one, then delete the
 * old), read GETs (404 = gone, in the right workspace only), delete DELETEs
 * (404 = done, 409 = still used by an export; 405 = the service cannot delete
 * destinations, as its published contract says: the resource leaves the stack
 * with a warning and the destination stays in the workspace).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Destination, LangSmithClient } from "../../client";
import { found } from "../../client/errors";
import { REGION_HOSTS } from "../../client/hosts";
import type { OperationContext } from "../../engine/context/operation";
import { logProgress, shortId, warnProgress } from "../../engine/context/progress";
import type { ProviderSettings } from "../../engine/context/settings";
import { takeOverHint } from "../../engine/state/takeOver";
import { settingsForResource } from "../../engine/context/workspace";
import { diffDestination } from "./diff";
import { createFailure, DestinationOperationError, deleteFailure, isAmbiguousCreateFailure, rotateFailure } from "./errors";
import type { DestinationInputs } from "./fields";
import { parseFingerprint } from "./fingerprint";
import { describeCredentialChange, type DestinationOutputs, migrateDestinationOutputs, outputsFor, parseInputs, serviceView } from "./state";
import { testWriteLocation, toCreateRequest, toWireCredentials } from "./wire";
import { type DestinationDeleteResult, destinationCalls } from "./endpoints";

/** Kind of resource in progress lines and messages. */
export const KIND = "bulk-export destination";

/** True unless the REST API is one of LangSmith cloud's regional hosts. */
export function isSelfHosted(settings: ProviderSettings): boolean {
  return !Object.values(REGION_HOSTS).some((hosts) => hosts.apiUrl === settings.client.apiUrl);
}

function nameOf(props: Record<string, unknown>, id: string): string {
  return typeof props["displayName"] === "string" ? props["displayName"] : id;
}

/** Creates the destination (or adopts `adoptExistingId`); the service test-writes to the bucket first. */
export async function createDestination(context: OperationContext, raw: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult<DestinationOutputs>> {
  const inputs = parseInputs(raw);
  const client = await context.client();
  if (inputs.adoptExistingId !== undefined) return adopt(context, client, inputs, inputs.adoptExistingId);

  const name = inputs.displayName;
  const location = testWriteLocation(inputs.config);
  logProgress(context, KIND, name, `creating; the service test-writes to ${location}`);
  const startedAt = Date.now();
  let created: Destination;
  try {
    created = await destinationCalls.create(client, toCreateRequest(inputs), { name });
  } catch (error) {
    if (isAmbiguousCreateFailure(error)) throw await ambiguousCreateError(context, client, inputs, error, startedAt);
    throw createFailure(error, location);
  }
  logProgress(context, KIND, name, `created ${created.id}`);
  return {
    id: created.id,
    outs: outputsFor(inputs, created, {
      lastOperation: `created destination "${name}" (test write to ${location} passed)`,
      credentialsUpdatedAt: created.updated_at ?? undefined,
    }),
  };
}

/**
 * A create that failed without a clear answer (connection lost, 5xx) may
 * still have created the destination. It is not retried: the error lists
 * matching destinations so the user can adopt one.
 */
async function ambiguousCreateError(
  context: OperationContext,
  client: LangSmithClient,
  inputs: DestinationInputs,
  error: unknown,
  startedAtMs: number,
): Promise<Error> {
  const message = error instanceof Error ? error.message : String(error);
  let found = "";
  try {
    const candidates = (await destinationCalls.list(client)).filter(
      (d) =>
        d.display_name === inputs.displayName &&
        d.config?.bucket_name === inputs.config.bucketName &&
        (d.created_at === undefined || d.created_at === null || Date.parse(d.created_at) >= startedAtMs - 60_000),
    );
    found =
      candidates.length === 0
        ? "; no destination with this name and bucket was found, so running pulumi up again is safe"
        : `; it may have been created anyway: destination(s) ${candidates.map((d) => d.id).join(", ")} match. ${takeOverHint(context.urn, candidates[0]?.id ?? "")}`;
  } catch {
    found =
      "; the request may have reached the service: check GET /api/v1/bulk-exports/destinations before retrying, and set adoptExistingId to take over one it created";
  }
  return new DestinationOperationError(`${message}${found}`);
}

/** Takes over an existing destination: GET, verify the non-updatable fields match, PATCH credentials if given. */
async function adopt(
  context: OperationContext,
  client: LangSmithClient,
  inputs: DestinationInputs,
  id: string,
): Promise<pulumi.dynamic.CreateResult<DestinationOutputs>> {
  const name = inputs.displayName;
  const action = `adopting ${KIND} "${name}" (${id})`;
  const existing = await found(destinationCalls.get(client, id, { name }));
  if (existing === undefined) {
    throw new DestinationOperationError(
      `${action}: no destination with this id in the configured workspace (404); check adoptExistingId and langsmith:workspaceId`,
      { status: 404 },
    );
  }
  const mismatches = diffDestination(serviceView(existing, inputs), { ...inputs, credentials: undefined }).replaces;
  if (mismatches.length > 0) {
    throw new DestinationOperationError(
      `${action}: the existing destination differs in ${mismatches.join(", ")}, which cannot change in place; ` +
        "set these inputs to the existing destination's values, or remove adoptExistingId to create a new destination",
    );
  }
  let current = existing;
  let operation = `adopted destination "${name}" (${shortId(id)})`;
  let credentialsUpdatedAt: string | undefined;
  if (inputs.credentials !== undefined) {
    const location = testWriteLocation(inputs.config);
    logProgress(context, KIND, name, `adopting ${id}: setting the given credentials; the service test-writes to ${location}`);
    try {
      current = await destinationCalls.patchCredentials(client, id, toWireCredentials(inputs.credentials), { name });
    } catch (error) {
      throw rotateFailure(error, `${action}: setting its credentials`, location);
    }
    credentialsUpdatedAt = current.updated_at ?? undefined;
    operation += ` and set its credentials (test write to ${location} passed)`;
  }
  logProgress(context, KIND, name, `adopted ${id}`);
  return {
    id,
    outs: outputsFor(inputs, current, {
      lastOperation: operation,
      credentialsUpdatedAt,
      fallback: { createdAt: existing.created_at ?? undefined, credentialsKeys: existing.credentials_keys ?? [] },
    }),
  };
}

/** Rotates the credentials (the only in-place change): one PATCH, which the service test-writes with first. */
export async function updateDestination(
  context: OperationContext,
  id: string,
  rawOlds: Record<string, unknown>,
  raw: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult<DestinationOutputs>> {
  const olds = migrateDestinationOutputs(rawOlds);
  const inputs = parseInputs(raw);
  const name = inputs.displayName;
  const action = `rotating credentials of ${KIND} "${name}"`;
  const settings = settingsForResource(action, context.settings, olds["tenantId"]);
  const previous = parseInputs({ ...olds, adoptExistingId: undefined });
  const diff = diffDestination(olds, raw);
  if (diff.replaces.length > 0) {
    // The engine replaces instead of updating when diff says so; reaching here is a bug.
    throw new DestinationOperationError(`updating ${KIND} "${name}": ${diff.replaces.join(", ")} cannot change in place (replacement required)`);
  }
  const fallback: Partial<DestinationOutputs> = {
    ...(typeof olds["createdAt"] === "string" ? { createdAt: olds["createdAt"] } : {}),
    ...(typeof olds["updatedAt"] === "string" ? { updatedAt: olds["updatedAt"] } : {}),
    ...(Array.isArray(olds["credentialsKeys"]) ? { credentialsKeys: olds["credentialsKeys"].filter((k): k is string => typeof k === "string") } : {}),
  };
  const oldCredentialsUpdatedAt = typeof olds["credentialsUpdatedAt"] === "string" ? olds["credentialsUpdatedAt"] : undefined;
  const tenantId = typeof olds["tenantId"] === "string" ? olds["tenantId"] : (settings.client.workspaceId ?? "");

  if (inputs.credentials === undefined || diff.updates.length === 0) {
    // Nothing to send (e.g. only adoptExistingId changed): keep what the state says.
    const lastOperation = typeof olds["lastOperation"] === "string" ? olds["lastOperation"] : "no change";
    const unchanged: Destination = { id, tenant_id: tenantId };
    const credentialsFingerprint = parseFingerprint(olds["credentialsFingerprint"]);
    return { outs: outputsFor(inputs, unchanged, { lastOperation, credentialsUpdatedAt: oldCredentialsUpdatedAt, credentialsFingerprint, fallback }) };
  }

  const location = testWriteLocation(previous.config);
  const change = describeCredentialChange(diff.updates, parseFingerprint(olds["credentialsFingerprint"]), inputs.credentials);
  logProgress(context, KIND, name, `rotating credentials (${change}); the service test-writes to ${location} with the new ones`);
  let patched: Destination;
  try {
    patched = await destinationCalls.patchCredentials(await context.client(settings), id, toWireCredentials(inputs.credentials), { name });
  } catch (error) {
    throw rotateFailure(error, action, location);
  }
  logProgress(context, KIND, name, "credentials rotated; export runs already running finish with the previous ones");
  return {
    outs: outputsFor(inputs, patched, {
      lastOperation: `rotated credentials (${change}; test write to ${location} passed)`,
      credentialsUpdatedAt: patched.updated_at ?? oldCredentialsUpdatedAt,
      fallback,
    }),
  };
}

/**
 * Deletes the destination. The published contract has no DELETE for
 * destinations: when the service says it cannot (405, or 404 for the route
 * while the destination still exists), the resource leaves the stack with one
 * warning naming the destination that stays in the workspace.
 */
export async function deleteDestination(context: OperationContext, id: string, rawProps: Record<string, unknown>): Promise<void> {
  const props = migrateDestinationOutputs(rawProps);
  const name = nameOf(props, id);
  const settings = settingsForResource(`deleting ${KIND} "${name}"`, context.settings, props["tenantId"]);
  let result: DestinationDeleteResult;
  try {
    result = await destinationCalls.delete(await context.client(settings), id, { name });
  } catch (error) {
    throw deleteFailure(error);
  }
  switch (result.outcome) {
    case "deleted":
      logProgress(context, KIND, name, `deleted ${id}`);
      return;
    case "already-gone":
      logProgress(context, KIND, name, `${id} was already gone (404)`);
      return;
    case "not-supported":
      warnProgress(context, KIND, name, notDeletableWarning(id));
      return;
  }
}

/** The one warning line for a destination the service cannot delete. */
function notDeletableWarning(id: string): string {
  return `removed from the stack, but the service cannot delete destinations: destination ${id} stays in the workspace; make sure no bulk export uses it`;
}
