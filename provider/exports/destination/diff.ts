/**
 * `diff` of the BulkExportDestination, driven by the field table of
 * `fields.ts`: a credentials-only change is an update (PATCH =
 * rotation); any other change is a replacement (create the new destination,
 * then delete the old one). Values are compared, never printed.
 */
import type * as pulumi from "@pulumi/pulumi";
import { diffFields } from "../../engine/fields/fields";
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
  const fingerprint = parseFingerprint(olds["credentialsFingerprint"]);
  const unchangedSinceLastInputs = news[CREDENTIALS_UNCHANGED_KEY] === true;
  const changed = diffFields(DESTINATION_FIELDS, olds, news, (field) =>
    field.secret && fingerprint !== undefined
      ? credentialFieldMatches(fingerprint, field.path.split(".").pop() as CredentialField, getPath(news, field.path), unchangedSinceLastInputs)
      : undefined,
  );
  const replaces = new Set(changed.replace);
  const updates = new Set(changed.inPlace);

  // A PATCH can set or change credentials but not remove them.
  if (fingerprint !== undefined && isUnset(news["credentials"])) {
    replaces.add("credentials");
    for (const path of [...updates]) if (path.startsWith("credentials")) updates.delete(path);
  }

  return {
    changes: replaces.size > 0 || updates.size > 0,
    replaces: [...replaces],
    updates: [...updates],
    deleteBeforeReplace: false,
  };
}
