/**
 * `diff` of the BulkExportDestination, driven by the field table of
 * `destinationSchema.ts`: a credentials-only change is an update (PATCH =
 * rotation); any other change is a replacement (create the new destination,
 * then delete the old one). Values are compared, never printed.
 */
import type * as pulumi from "@pulumi/pulumi";
import { type CredentialField, fieldMatches, parseFingerprint } from "./destinationFingerprint";
import { DESTINATION_FIELDS, type FieldRule, getPath } from "./destinationSchema";
import { sameValue, UNKNOWN } from "./values";

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

function isUnset(value: unknown): boolean {
  return value === undefined || value === null;
}

function comparable(value: unknown, field: FieldRule): unknown {
  if (!isUnset(value)) return value;
  return field.default ?? field.unsetMeans;
}

/** True when the value at `path`, or an object above it, is still unknown (preview). */
function unknownAt(values: Record<string, unknown>, path: string): string | undefined {
  const parts = path.split(".");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join(".");
    if (getPath(values, prefix) === UNKNOWN) return prefix;
  }
  return undefined;
}

/**
 * Compares the previous outputs with the new inputs.
 *
 * - unknown credentials (preview) -> update; any other unknown field -> replace;
 * - credentials removed -> replace (a PATCH cannot remove them);
 * - credentials are compared with the salted fingerprints in the outputs
 *   (`credentialsFingerprint`), or with plain `credentials` outputs if an
 *   older state holds them;
 * - `__provider`, `adoptExistingId` and output-only fields are ignored.
 *
 * @param olds the previous outputs (they echo every compared input).
 * @param news the new, checked inputs.
 */
export function diffDestination(olds: Record<string, unknown>, news: Record<string, unknown>): DestinationDiffResult {
  const replaces = new Set<string>();
  const updates = new Set<string>();
  const add = (effect: FieldRule["onChange"], path: string): void => {
    if (effect === "replace") replaces.add(path);
    else if (effect === "update") updates.add(path);
  };

  const fingerprint = parseFingerprint(olds["credentialsFingerprint"]);
  for (const field of DESTINATION_FIELDS) {
    if (field.onChange === "ignored") continue;
    const unknownPath = unknownAt(news, field.path);
    if (unknownPath !== undefined) {
      add(field.onChange, unknownPath);
      continue;
    }
    const newValue = getPath(news, field.path);
    const same =
      field.secret && fingerprint !== undefined
        ? fieldMatches(fingerprint, field.path.split(".").pop() as CredentialField, newValue)
        : sameValue(comparable(getPath(olds, field.path), field), comparable(newValue, field));
    if (!same) add(field.onChange, field.path);
  }

  // A PATCH can set or change credentials but not remove them.
  if ((fingerprint !== undefined || !isUnset(olds["credentials"])) && isUnset(news["credentials"])) {
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
