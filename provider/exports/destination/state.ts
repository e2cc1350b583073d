/**
 * The BulkExportDestination's outputs: the inputs echoed for diffing
 * (credentials as salted fingerprints only) plus what the service reported;
 * refresh; the plain-words summaries kept in `lastOperation`; and the
 * migration of outputs written by older releases. Nothing here ever renders
 * a credential value.
 */
import type { Destination } from "../../client/contractTypes/destinations";
import { readInputs, refreshFields } from "../../engine/fields/fields";
import { compact } from "../../engine/fields/paths";
import { migrateOutputs } from "../../engine/state/stateVersion";
import { DESTINATION_FIELDS, type DestinationCredentialInputs, type DestinationInputs } from "./fields";
import { type CredentialsFingerprint, fingerprintCredentials, parseFingerprint } from "./fingerprint";
import { DESTINATION_STATE_VERSION } from "./outputs";

/**
 * Outputs of the resource: the inputs the diff compares, echoed (credentials
 * as salted fingerprints, never as values), plus what the service and
 * provider add.
 */
export interface DestinationOutputs extends Omit<DestinationInputs, "adoptExistingId" | "credentials"> {
  /** Salted fingerprints of the credentials last accepted by the service (a Pulumi secret); absent without credentials. */
  credentialsFingerprint?: CredentialsFingerprint;
  /** Workspace the destination lives in. */
  tenantId: string;
  /** ISO 8601 creation time reported by the service. */
  createdAt?: string;
  /** ISO 8601 time of the last change reported by the service. */
  updatedAt?: string;
  /** Names (never values) of the credential fields the service holds. */
  credentialsKeys: string[];
  /** `updated_at` of the create or of the last successful rotation. */
  credentialsUpdatedAt?: string;
  /** Plain-words, non-secret summary of what the last create/update did. */
  lastOperation: string;
  /** Layout version of these outputs ({@link DESTINATION_STATE_VERSION}). */
  stateVersion: number;
}

/**
 * Outputs of any release in today's layout: the one place old state is
 * recognised. Version 1 kept the credentials themselves; they become a fingerprint.
 */
export function migrateDestinationOutputs(outputs: Record<string, unknown>): Record<string, unknown> {
  return migrateOutputs("bulk-export destination", outputs, DESTINATION_STATE_VERSION, {
    1: ({ credentials, ...rest }) => {
      if (parseFingerprint(rest["credentialsFingerprint"]) !== undefined || credentials === null || typeof credentials !== "object") return rest;
      const { accessKeyId, secretAccessKey, sessionToken } = credentials as Record<string, unknown>;
      if (typeof accessKeyId !== "string" || typeof secretAccessKey !== "string") return rest;
      const plain: DestinationCredentialInputs = { accessKeyId, secretAccessKey, ...(typeof sessionToken === "string" ? { sessionToken } : {}) };
      return { ...rest, credentialsFingerprint: fingerprintCredentials(plain) };
    },
  });
}

/** Checked inputs as the operations use them (`destinationType` and `config.includeBucketInPrefix` defaulted). */
export function parseInputs(raw: Record<string, unknown>): DestinationInputs {
  return readInputs<DestinationInputs>(DESTINATION_FIELDS, raw);
}

/** The outputs echoing `inputs` (what `diff` compares), without the create-only `adoptExistingId` and without credentials. */
function echoInputs(inputs: DestinationInputs): Omit<DestinationInputs, "adoptExistingId" | "credentials"> {
  const { adoptExistingId: _ignored, credentials: _secret, ...rest } = inputs;
  return compact({ ...rest, config: { ...rest.config, includeBucketInPrefix: rest.config.includeBucketInPrefix ?? true } });
}

/**
 * Outputs after a create, adoption or rotation: the inputs echoed plus what
 * the service returned (a PATCH response may omit config and names; they come
 * from the inputs, never from the response).
 */
export function outputsFor(
  inputs: DestinationInputs,
  destination: Destination,
  extra: {
    lastOperation: string;
    credentialsUpdatedAt?: string | undefined;
    /** Fingerprint of the credentials now in use; default: computed from `inputs.credentials`. */
    credentialsFingerprint?: CredentialsFingerprint | undefined;
    fallback?: Partial<DestinationOutputs>;
  },
): DestinationOutputs {
  const fingerprint = "credentialsFingerprint" in extra ? extra.credentialsFingerprint : inputs.credentials && fingerprintCredentials(inputs.credentials);
  return compact({
    ...echoInputs(inputs),
    credentialsFingerprint: fingerprint,
    tenantId: destination.tenant_id,
    createdAt: destination.created_at ?? extra.fallback?.createdAt ?? undefined,
    updatedAt: destination.updated_at ?? extra.fallback?.updatedAt ?? undefined,
    credentialsKeys: destination.credentials_keys ?? extra.fallback?.credentialsKeys ?? [],
    credentialsUpdatedAt: extra.credentialsUpdatedAt,
    lastOperation: extra.lastOperation,
    stateVersion: DESTINATION_STATE_VERSION,
  });
}

/**
 * Outputs after a refresh: the service's view of every field it returns,
 * the rest (the credentials' fingerprint, since credentials are never
 * returned, and the provider's own fields) kept from the state, so drift shows in the next preview.
 */
export function refreshedOutputs(state: Record<string, unknown>, destination: Destination): Record<string, unknown> {
  const out = refreshFields(DESTINATION_FIELDS, state, destination);
  out["tenantId"] = destination.tenant_id;
  if (destination.created_at) out["createdAt"] = destination.created_at;
  if (destination.updated_at) out["updatedAt"] = destination.updated_at;
  if (destination.credentials_keys) out["credentialsKeys"] = destination.credentials_keys;
  out["stateVersion"] = DESTINATION_STATE_VERSION;
  return compact(out);
}

/**
 * The service's view of a destination as inputs-like values, for comparing an
 * adopted destination with the inputs (fields the service does not return are
 * taken from the inputs; credentials are left out).
 */
export function serviceView(destination: Destination, inputs: DestinationInputs): Record<string, unknown> {
  return refreshedOutputs({ ...echoInputs(inputs) }, destination);
}

/**
 * Says which credential fields a rotation changes, in words (never values),
 * e.g. `access key id and secret access key changed`.
 *
 * @param changed the changed fields from `diff` (e.g. `credentials.secretAccessKey`).
 * @param previous fingerprint of the credentials in use (undefined: none were set).
 */
export function describeCredentialChange(changed: readonly string[], previous: CredentialsFingerprint | undefined, news: DestinationCredentialInputs): string {
  if (previous === undefined) return "static credentials set";
  const keys: string[] = [];
  if (changed.includes("credentials.accessKeyId")) keys.push("access key id");
  if (changed.includes("credentials.secretAccessKey")) keys.push("secret access key");
  const parts = keys.length === 0 ? [] : [`${keys.join(" and ")} changed`];
  if (changed.includes("credentials.sessionToken")) {
    if (previous.sessionToken === undefined) parts.push("session token added");
    else if (news.sessionToken === undefined) parts.push("session token removed");
    else parts.push("session token changed");
  }
  return parts.length === 0 ? "credentials sent again" : parts.join(", ");
}
