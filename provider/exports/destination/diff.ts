/**
 * `diff` of the BulkExportDestination, driven by the field table of
 * `fields.ts`: a credentials-only change is an update (PATCH =
 * rotation); any other change is a replacement (create the new destination,
 * then delete the old one). Values are compared, never printed.
 */
import type * as pulumi from "@pulumi/pulumi";
import { diffFields, type FieldSpec } from "../../engine/fields/fields";
import type { DiffHooks } from "../../engine/kind/hooks";
import { getPath, isUnset } from "../../engine/fields/paths";
import { CREDENTIALS_UNCHANGED_KEY, type CredentialField, credentialFieldMatches, parseFingerprint } from "./fingerprint";
import { DESTINATION_FIELDS } from "./fields";

/** Result of {@link diffDestination}: the engine's diff plus the in-place changes, by field. */
export interface DestinationDiffResult extends pulumi.dynamic.DiffResult {
  readonly changes: boolean;
  /** Fields forcing a replacement (dotted paths, e.g. `config.bucketName`). */
  readonly replaces: string[];
  /** Fields changed in place by a PATCH (e.g. `credentials.secretAccessKey`). */
  readonly updates: string[];
  /** Always false: the new destination is created before the old one is deleted. */
  readonly deleteBeforeReplace: false;
}

/**
 * Compares the previous outputs with the new inputs.
 *
 * - unknown credentials (preview) -> update; any other unknown field -> replace;
 * - credentials removed -> replace (a PATCH cannot remove them);
 * - credentials are compared with the salted fingerprints in the outputs
 *   (`credentialsFingerprint`; outputs of older releases are migrated first),
 *   with no hashing when `check` marked them equal to the previous inputs'
 *   ({@link CREDENTIALS_UNCHANGED_KEY});
 * - `__provider`, `adoptExistingId` and output-only fields are ignored.
 *
 * @param olds the previous outputs (they echo every compared input).
 * @param news the new, checked inputs.
 */
export function diffDestination(olds: Record<string, unknown>, news: Record<string, unknown>): DestinationDiffResult {
  const changed = diffFields(DESTINATION_FIELDS, olds, news, (field) => credentialUnchanged(field, olds, news));
  const { replaces, updates } = withCredentialsRemoval(olds, news, changed.replace, changed.inPlace);
  return { changes: replaces.length > 0 || updates.length > 0, replaces, updates, deleteBeforeReplace: false };
}

/** Whether a credential field is unchanged, by the salted fingerprint in the outputs; `undefined` for the other fields. */
function credentialUnchanged(field: FieldSpec, olds: Record<string, unknown>, news: Record<string, unknown>): boolean | undefined {
  const fingerprint = parseFingerprint(olds["credentialsFingerprint"]);
  return field.secret && fingerprint !== undefined
    ? credentialFieldMatches(fingerprint, field.path.split(".").pop() as CredentialField, getPath(news, field.path), news[CREDENTIALS_UNCHANGED_KEY] === true)
    : undefined;
}

/** A PATCH can set or change credentials but not remove them: removed credentials replace the destination. */
function withCredentialsRemoval(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  replaced: readonly string[],
  updated: readonly string[],
): { replaces: string[]; updates: string[] } {
  const replaces = new Set(replaced);
  const updates = new Set(updated);
  if (parseFingerprint(olds["credentialsFingerprint"]) !== undefined && isUnset(news["credentials"])) {
    replaces.add("credentials");
    for (const path of [...updates]) if (path.startsWith("credentials")) updates.delete(path);
  }
  return { replaces: [...replaces], updates: [...updates] };
}

/** The destination's hooks around the engine's Diff: credentials compared by fingerprint, and their removal a replacement. */
export const DESTINATION_DIFF: DiffHooks = {
  compare: credentialUnchanged,
  after({ olds, news, result }) {
    const { replaces, updates } = withCredentialsRemoval(olds, news, result.replaces, result.updates);
    return { ...result, changes: replaces.length > 0 || updates.length > 0, replaces, updates, deleteBeforeReplace: false };
  },
};
